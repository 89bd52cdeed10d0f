import type { LucideIcon } from "lucide-react";
import { Skeleton } from "@/components/ui/misc";
import { cn } from "@/lib/utils";

/**
 * A count with its label and icon (a skeleton while unknown). With `onClick` the tile is a toggle button (a
 * shortcut to the matching filter), `active` showing it is on.
 */
export function StatTile({
  label,
  icon: Icon,
  value,
  testId,
  onClick,
  active,
}: {
  label: string;
  icon: LucideIcon;
  /** undefined while loading (a skeleton); null when it could not be had ("—"). */
  value: number | null | undefined;
  testId?: string;
  onClick?(): void;
  active?: boolean;
}) {
  const body = (
    <>
      <span className="rounded-md bg-primary/10 p-2 text-primary">
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0">
        <span className="block text-xs text-muted-foreground">{label}</span>
        {value === undefined ? (
          <Skeleton className="h-6 w-10" />
        ) : value === null ? (
          <span className="block text-xl font-semibold text-muted-foreground">—</span>
        ) : (
          <span className="block text-xl font-semibold tabular-nums" data-testid={testId}>
            {value.toLocaleString()}
          </span>
        )}
      </span>
    </>
  );
  const frame = "flex items-center gap-3 rounded-lg border bg-card p-3";
  if (!onClick) return <div className={frame}>{body}</div>;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      className={cn(
        frame,
        "text-left transition-colors hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-ring",
        active && "border-primary/60 ring-1 ring-primary/30",
      )}
    >
      {body}
    </button>
  );
}
