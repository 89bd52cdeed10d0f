import type { TicketCounts as Counts } from "@shared/tickets";
import { CircleDotIcon, LoaderIcon, UserIcon } from "lucide-react";
import { StatTile } from "@/components/stat-tile";
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
      {tiles.map(({ key, label, icon, value, active, apply }) => (
        <StatTile
          key={key}
          label={label}
          icon={icon}
          value={value}
          testId={`count-${key}`}
          onClick={apply}
          active={active}
        />
      ))}
    </section>
  );
}
