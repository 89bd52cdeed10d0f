import { NAV_GROUPS, type NavItem } from "@shared/navigation";
import { can } from "@shared/permissions";
import { Link, useRouterState } from "@tanstack/react-router";
import { ChevronRightIcon, LockIcon } from "lucide-react";
import { useEffect } from "react";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Dialog, DialogDescription, DialogTitle, SheetContent } from "@/components/ui/dialog";
import { useAuth } from "@/lib/auth";
import { cn } from "@/lib/utils";
import { WorkOrderSearch } from "./work-order-search";

/**
 * The navigation overlay: a dialog titled "Navigation" with the seven groups, all collapsed each time it opens.
 * Radix closes it on Escape and backdrop click and locks body scrolling; a route change closes it too.
 */
export function Sidebar({
  open,
  onOpenChange,
  openCount,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  openCount: number;
}) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is a reaction to the path changing
  useEffect(() => onOpenChange(false), [pathname]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" aria-describedby="sidebar-desc">
        <div className="border-b px-5 py-4">
          <DialogTitle className="text-base">Navigation</DialogTitle>
          <DialogDescription id="sidebar-desc" className="sr-only">
            All screens of the portal, grouped.
          </DialogDescription>
        </div>
        {/* A new key per opening remounts the groups, so they start collapsed every time. */}
        <nav key={openCount} aria-label="Main navigation" className="flex-1 overflow-y-auto px-3 py-3">
          {NAV_GROUPS.map((group) => (
            <NavGroupSection key={group.label} label={group.label} items={group.items} pathname={pathname} />
          ))}
        </nav>
        <p className="border-t px-5 py-3 text-xs text-muted-foreground">Geolabs v2.0</p>
      </SheetContent>
    </Dialog>
  );
}

function NavGroupSection({ label, items, pathname }: { label: string; items: NavItem[]; pathname: string }) {
  const { me } = useAuth();
  return (
    <Collapsible defaultOpen={false} className="mb-1">
      <CollapsibleTrigger className="group flex w-full items-center justify-between rounded-md px-2 py-2 text-sm font-semibold hover:bg-accent">
        {label}
        <ChevronRightIcon
          className="size-4 transition-transform group-data-[state=open]:rotate-90"
          aria-hidden
        />
      </CollapsibleTrigger>
      <CollapsibleContent>
        <ul className="mt-1 mb-2 ml-2 border-l pl-2">
          {items.map((item) => {
            const locked = item.access === "admin" && !can(me ?? null, "admin.view");
            const active = pathname === item.path;
            return (
              <li key={item.path}>
                {locked ? (
                  <span
                    aria-disabled
                    title="Admins and Owners only"
                    className="flex items-center justify-between rounded-md px-2 py-1.5 text-sm text-muted-foreground opacity-60"
                  >
                    {item.name}
                    <LockIcon className="size-3.5" aria-label="Admins and Owners only" />
                  </span>
                ) : (
                  <Link
                    to={item.path}
                    className={cn(
                      "block rounded-md px-2 py-1.5 text-sm hover:bg-accent",
                      active && "bg-accent font-medium text-accent-foreground",
                    )}
                    aria-current={active ? "page" : undefined}
                  >
                    {item.name}
                  </Link>
                )}
                {item.path === "/work-orders" && <WorkOrderSearch compact className="px-2 pt-1 pb-2" />}
              </li>
            );
          })}
        </ul>
      </CollapsibleContent>
    </Collapsible>
  );
}
