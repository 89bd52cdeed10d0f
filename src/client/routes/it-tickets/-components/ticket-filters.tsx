import {
  PRIORITY_LABELS,
  STATUS_LABELS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TYPES,
  type TicketSort,
  TYPE_LABELS,
} from "@shared/tickets";
import { FilterXIcon } from "lucide-react";
import { useId } from "react";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/misc";
import { NativeSelect } from "@/components/ui/select";
import type { SetTicketSearch, TicketSearch } from "../route";

const SORTS: { value: string; label: string; by: TicketSort; dir: "asc" | "desc" }[] = [
  { value: "created-desc", label: "Newest first", by: "created", dir: "desc" },
  { value: "created-asc", label: "Oldest first", by: "created", dir: "asc" },
  { value: "updated-desc", label: "Recently updated", by: "updated", dir: "desc" },
  { value: "priority-desc", label: "Most urgent first", by: "priority", dir: "desc" },
  { value: "priority-asc", label: "Least urgent first", by: "priority", dir: "asc" },
];

/** Search, status, type, priority, 'My Tickets Only', sort and 'Clear Filters'. */
export function TicketFilters({ search, set }: { search: TicketSearch; set: SetTicketSearch }) {
  const mineId = useId();
  const anyFilter = !!(search.q || search.status || search.type || search.priority || search.mine);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchBox
        label="Search tickets"
        placeholder="Search tickets or #id…"
        value={search.q ?? ""}
        onCommit={(q) => set({ q })}
      />
      <NativeSelect
        aria-label="Status filter"
        value={search.status ?? ""}
        onChange={(e) => set({ status: (e.target.value || undefined) as TicketSearch["status"] })}
      >
        <option value="">All statuses</option>
        {TICKET_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Type filter"
        value={search.type ?? ""}
        onChange={(e) => set({ type: (e.target.value || undefined) as TicketSearch["type"] })}
      >
        <option value="">All types</option>
        {TICKET_TYPES.map((t) => (
          <option key={t} value={t}>
            {TYPE_LABELS[t]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Priority filter"
        value={search.priority ?? ""}
        onChange={(e) => set({ priority: (e.target.value || undefined) as TicketSearch["priority"] })}
      >
        <option value="">All priorities</option>
        {TICKET_PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {PRIORITY_LABELS[p]}
          </option>
        ))}
      </NativeSelect>
      <label htmlFor={mineId} className="flex h-9 items-center gap-2 px-1 text-sm">
        <Checkbox
          id={mineId}
          checked={!!search.mine}
          onCheckedChange={(v) => set({ mine: v === true ? true : undefined })}
        />
        My Tickets Only
      </label>
      <SortSelect search={search} set={set} />
      <Button
        variant="ghost"
        size="sm"
        disabled={!anyFilter}
        onClick={() =>
          set({ q: undefined, status: undefined, type: undefined, priority: undefined, mine: undefined })
        }
      >
        <FilterXIcon /> Clear Filters
      </Button>
    </div>
  );
}

/** The order of the list; the default (newest first) leaves the URL without sort parameters. */
function SortSelect({ search, set }: { search: TicketSearch; set: SetTicketSearch }) {
  const sortValue = `${search.sort_by ?? "created"}-${search.sort_dir ?? "desc"}`;
  return (
    <NativeSelect
      aria-label="Sort tickets"
      value={sortValue}
      onChange={(e) => {
        const s = SORTS.find((x) => x.value === e.target.value)!;
        set({
          sort_by: s.by === "created" ? undefined : s.by,
          sort_dir: s.dir === "desc" ? undefined : s.dir,
        });
      }}
    >
      {SORTS.map((s) => (
        <option key={s.value} value={s.value}>
          {s.label}
        </option>
      ))}
    </NativeSelect>
  );
}
