import { SEARCH_MIN } from "@shared/list-total";
import { RotateCcwIcon } from "lucide-react";
import { useId } from "react";
import { DateRange } from "@/components/date-range";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Checkbox } from "@/components/ui/misc";
import type { BinderSearch } from "../route";

/** Search, W.O. (exact or prefix), initials (upper-cased as typed), Has billing, date range, Reset. */
export function BinderFilters({
  search,
  set,
  onReset,
}: {
  search: BinderSearch;
  set(p: Partial<BinderSearch>): void;
  onReset(): void;
}) {
  const billingId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchBox
        label="Search the binder"
        placeholder="Search file, W.O., initials, billing…"
        shortPlaceholder="Search the binder…"
        // Wide enough for the whole placeholder on a desktop (the default 16rem cuts it).
        inputClassName="sm:w-80"
        value={search.q ?? ""}
        onCommit={(q) => set({ q })}
        minChars={SEARCH_MIN}
      />
      <Input
        aria-label="Filter by work order (exact or prefix)"
        placeholder="W.O."
        className="w-28"
        value={search.wo ?? ""}
        onChange={(e) => set({ wo: e.target.value.toUpperCase() })}
      />
      <Input
        aria-label="Filter by initials"
        placeholder="Initials"
        className="w-28 uppercase"
        value={search.eng ?? ""}
        onChange={(e) => set({ eng: e.target.value.toUpperCase() })}
      />
      <div className="flex items-center gap-2 text-sm">
        <Checkbox
          id={billingId}
          checked={!!search.billing_only}
          onCheckedChange={(v) => set({ billing_only: v === true ? true : undefined })}
        />
        <label htmlFor={billingId}>Has billing</label>
      </div>
      <DateRange
        from={search.date_from}
        to={search.date_to}
        onChange={(r) => set({ date_from: r.from, date_to: r.to })}
      />
      <Button variant="ghost" size="sm" onClick={onReset}>
        <RotateCcwIcon /> Reset
      </Button>
    </div>
  );
}
