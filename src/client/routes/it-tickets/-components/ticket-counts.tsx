import type { TicketCounts as Counts } from "@shared/tickets";
import { CircleDotIcon, LoaderIcon, UserIcon } from "lucide-react";
import { Skeleton } from "@/components/ui/misc";
import { cn } from "@/lib/utils";
import type { SetTicketSearch, TicketSearch } from "../route";

/** The spec's header counts. Each tile is also a shortcut to the matching filter. */
export function TicketCounts({
  counts,
  search,
  set,
}: {
  counts: Counts | undefined;
  search: TicketSearch;
  set: SetTicketSearch;
}) {
  const tiles = [
    {
      key: "open",
      label: "Open",
      icon: CircleDotIcon,
      value: counts?.open,
      active: search.status === "open",
      apply: () => set({ status: search.status === "open" ? undefined : "open" }),
    },
    {
      key: "in-progress",
      label: "In Progress",
      icon: LoaderIcon,
      value: counts?.inProgress,
      active: search.status === "in_progress",
      apply: () => set({ status: search.status === "in_progress" ? undefined : "in_progress" }),
    },
    {
      key: "mine",
      label: "My Tickets",
      icon: UserIcon,
      value: counts?.mine,
      active: !!search.mine,
      apply: () => set({ mine: search.mine ? undefined : true }),
    },
  ] as const;
  return (
    <section aria-label="Ticket counts" className="grid grid-cols-3 gap-3">
      {tiles.map(({ key, label, icon: Icon, value, active, apply }) => (
        <button
          key={key}
          type="button"
          onClick={apply}
          aria-pressed={active}
          className={cn(
            "flex items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-ring",
            active && "border-primary/60 ring-1 ring-primary/30",
          )}
        >
          <span className="rounded-md bg-primary/10 p-2 text-primary">
            <Icon className="size-4" aria-hidden />
          </span>
          <span>
            <span className="block text-xs text-muted-foreground">{label}</span>
            {value === undefined ? (
              <Skeleton className="h-6 w-10" />
            ) : (
              <span className="block text-xl font-semibold tabular-nums" data-testid={`count-${key}`}>
                {value.toLocaleString()}
              </span>
            )}
          </span>
        </button>
      ))}
    </section>
  );
}
