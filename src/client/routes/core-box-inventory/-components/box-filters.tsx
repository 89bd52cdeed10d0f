import { COMPLETE_VALUES, DISPOSITIONS } from "@shared/core-boxes";
import { SEARCH_MIN } from "@shared/list-total";
import { RotateCcwIcon } from "lucide-react";
import { useId } from "react";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/misc";
import { NativeSelect } from "@/components/ui/select";
import {
  type BoxSearch,
  CLEARED_FILTERS,
  hasFilters,
  type SetBoxSearch,
} from "@/features/core-boxes/box-model";

/** Search, Island, Year, Complete, Disposition, Expired only and Reset; every choice goes to the URL. */
export function BoxFilters({
  search,
  set,
  islands,
  years,
}: {
  search: BoxSearch;
  set: SetBoxSearch;
  islands: readonly string[];
  years: readonly number[];
}) {
  const expiredId = useId();
  // A value from a shared link that is not (or no longer) among the choices still shows as selected.
  const islandChoices =
    search.island && !islands.includes(search.island) ? [search.island, ...islands] : islands;
  const yearChoices =
    search.year !== undefined && !years.includes(search.year) ? [search.year, ...years] : years;
  return (
    <search className="flex flex-wrap items-center gap-2" aria-label="Filter core boxes">
      <SearchBox
        label="Search core boxes"
        placeholder="Search W.O., project…"
        value={search.q ?? ""}
        onCommit={(q) => set({ q })}
        minChars={SEARCH_MIN}
      />
      <NativeSelect
        aria-label="Island filter"
        value={search.island ?? ""}
        onChange={(e) => set({ island: e.target.value || undefined })}
      >
        <option value="">All islands</option>
        {islandChoices.map((i) => (
          <option key={i} value={i}>
            {i}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Year filter"
        value={search.year ?? ""}
        onChange={(e) => set({ year: e.target.value ? Number(e.target.value) : undefined })}
      >
        <option value="">All years</option>
        {yearChoices.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Complete filter"
        value={search.complete ?? ""}
        onChange={(e) => set({ complete: (e.target.value || undefined) as BoxSearch["complete"] })}
      >
        <option value="">Complete: All</option>
        {COMPLETE_VALUES.map((v) => (
          <option key={v} value={v}>
            Complete: {v}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Disposition filter"
        value={search.keep_or_dump ?? ""}
        onChange={(e) => set({ keep_or_dump: (e.target.value || undefined) as BoxSearch["keep_or_dump"] })}
      >
        <option value="">Disposition: All</option>
        {DISPOSITIONS.map((v) => (
          <option key={v} value={v}>
            Disposition: {v}
          </option>
        ))}
      </NativeSelect>
      <label htmlFor={expiredId} className="flex h-9 items-center gap-2 px-1 text-sm">
        <Checkbox
          id={expiredId}
          checked={!!search.expired}
          onCheckedChange={(v) => set({ expired: v === true ? true : undefined })}
        />
        Expired only
      </label>
      <Button variant="ghost" size="sm" disabled={!hasFilters(search)} onClick={() => set(CLEARED_FILTERS)}>
        <RotateCcwIcon /> Reset
      </Button>
    </search>
  );
}
