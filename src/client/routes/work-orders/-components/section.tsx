import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";

/** One part of the work order page: a titled card with a count and optional actions beside the title. */
export function Section({
  title,
  icon: Icon,
  count,
  actions,
  children,
}: {
  title: string;
  icon: LucideIcon;
  count?: number;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3 rounded-lg border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={id} className="mr-auto flex items-center gap-2 font-semibold">
          <Icon className="size-4 text-muted-foreground" aria-hidden />
          {title}
          {count !== undefined && (
            <span className="rounded-full bg-muted px-2 text-xs font-normal text-muted-foreground tabular-nums">
              {count}
            </span>
          )}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** What an empty section says. */
export function None({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}
