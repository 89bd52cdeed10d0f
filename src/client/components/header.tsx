import { Link, useRouterState } from "@tanstack/react-router";
import { LayoutDashboardIcon, MenuIcon, MountainIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { ApiStatusPill } from "@/components/api-status";
import { CreateMenu, type MenuName, NotificationsMenu, ProfileMenu } from "@/components/header-menus";
import { HeaderSearch } from "@/components/header-search";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth";

/**
 * The top bar. Profile, Create and Notifications menus are mutually exclusive because one piece of state says
 * which is open; they close on route change, outside click and Escape.
 */
export function Header({ onMenuClick }: { onMenuClick(): void }) {
  const { config, me } = useAuth();
  const [openMenu, setOpenMenu] = useState<MenuName | null>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is a reaction to the path changing
  useEffect(() => setOpenMenu(null), [pathname]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpenMenu(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const menu = (name: MenuName) => ({
    open: openMenu === name,
    onOpenChange: (open: boolean) =>
      setOpenMenu((current) => (open ? name : current === name ? null : current)),
  });

  const brand = (
    <Link to="/" className="flex items-center gap-2 font-semibold" aria-label="Geolabs home">
      <MountainIcon className="size-5 text-primary" aria-hidden />
      <span className={me ? "hidden sm:inline" : undefined}>Geolabs</span>
    </Link>
  );
  // Signed out, nothing in the bar would work: the brand alone.
  if (!me)
    return (
      <header className="sticky top-0 z-40 border-b bg-background/95">
        <div className="flex h-14 items-center px-4">{brand}</div>
      </header>
    );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-14 items-center gap-1 px-2 sm:gap-2 sm:px-4">
        <Button variant="ghost" size="icon-sm" onClick={onMenuClick} aria-label="Open navigation">
          <MenuIcon />
        </Button>
        {brand}
        <Button variant="ghost" size="sm" asChild className="hidden md:inline-flex">
          <Link to="/" activeOptions={{ exact: true, includeSearch: false }}>
            <LayoutDashboardIcon /> Dashboard
          </Link>
        </Button>
        <div className="flex min-w-0 flex-1 justify-end sm:px-2 md:justify-center">
          <HeaderSearch />
        </div>
        <span
          className="hidden rounded-full border px-2.5 py-0.5 text-xs font-medium text-muted-foreground lg:inline"
          title="Environment"
        >
          {config?.appEnv ?? "production"}
        </span>
        <ApiStatusPill />
        <CreateMenu {...menu("create")} />
        <NotificationsMenu {...menu("notifications")} />
        <ThemeToggle />
        <ProfileMenu {...menu("profile")} />
      </div>
    </header>
  );
}
