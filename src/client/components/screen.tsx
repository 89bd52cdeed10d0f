import { type Access, navItemFor } from "@shared/navigation";
import { can } from "@shared/permissions";
import { ShieldAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header";
import { useAuth } from "@/lib/auth";

/**
 * The frame of every screen: its title and description from the navigation table, and the access rule of the
 * screen (the server enforces the same rule on every call; this only spares people a screen of errors).
 */
export function Screen({
  path,
  children,
  actions,
  access,
  title: titleOverride,
}: {
  path: string;
  /** A heading other than the navigation name (e.g. the spec's "Reports Indexer" for /reports). */
  title?: string;
  children?: ReactNode;
  actions?: ReactNode;
  access?: Access;
}) {
  const { me } = useAuth();
  const item = navItemFor(path);
  const needed = access ?? item?.access ?? "staff";
  const title = titleOverride ?? item?.name ?? "";
  if (needed === "admin" && !can(me ?? null, "admin.view")) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8">
        <PageHeader title={title} />
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm"
        >
          <ShieldAlertIcon className="size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-medium">Admins and Owners only</p>
            <p className="text-muted-foreground">
              Your account ({me?.role}) cannot open this page. Ask an Owner if you need access.
            </p>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeader title={title} description={item?.description} actions={actions} />
      {children ?? (
        <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          This screen is being built. {item?.description}.
        </p>
      )}
    </div>
  );
}
