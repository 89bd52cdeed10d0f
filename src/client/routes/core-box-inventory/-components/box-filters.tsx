import { COMPLETE_VALUES, DISPOSITIONS, EXPIRES_WITHIN } from "@shared/core-boxes";
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

/**
 * Search, Island, Year, Complete, Disposition, Expires within, Expired only and Reset; every choice goes to the
 * URL.
 */
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
      <FilterSelect
        label="Island filter"
        value={search.island ?? ""}
        allText="All islands"
        choices={islandChoices}
        onChange={(v) => set({ island: v || undefined })}
      />
      <FilterSelect
        label="Year filter"
        value={search.year ?? ""}
        allText="All years"
        choices={yearChoices}
        onChange={(v) => set({ year: v ? Number(v) : undefined })}
      />
      <FilterSelect
        label="Complete filter"
        value={search.complete ?? ""}
        allText="Complete: All"
        choices={COMPLETE_VALUES}
        prefix="Complete: "
        onChange={(v) => set({ complete: (v || undefined) as BoxSearch["complete"] })}
      />
      <FilterSelect
        label="Disposition filter"
        value={search.keep_or_dump ?? ""}
        allText="Disposition: All"
        choices={DISPOSITIONS}
        prefix="Disposition: "
        onChange={(v) => set({ keep_or_dump: (v || undefined) as BoxSearch["keep_or_dump"] })}
      />
      <FilterSelect
        label="Expiry filter"
        value={search.expires ?? ""}
        allText="Expires: Any time"
        choices={EXPIRES_WITHIN}
        prefix="Expires within "
        suffix=" days"
        onChange={(v) => set({ expires: v ? (Number(v) as BoxSearch["expires"]) : undefined })}
      />
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

/** One filter's choices, after the choice that does not filter ("" in the URL: the parameter is left out). */
function FilterSelect({
  label,
  value,
  allText,
  choices,
  prefix,
  suffix,
  onChange,
}: {
  label: string;
  value: string | number;
  allText: string;
  choices: readonly (string | number)[];
  /** Said before each choice ("Complete: "). */
  prefix?: string;
  /** Said after each choice (" days"). */
  suffix?: string;
  onChange(value: string): void;
}) {
  return (
    <NativeSelect aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{allText}</option>
      {choices.map((v) => (
        <option key={v} value={v}>
          {prefix}
          {v}
          {suffix}
        </option>
      ))}
    </NativeSelect>
  );
}
