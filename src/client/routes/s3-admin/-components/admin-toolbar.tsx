import { ArrowDownWideNarrowIcon, ArrowUpNarrowWideIcon, HistoryIcon, RefreshCwIcon } from "lucide-react";
import { useId } from "react";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/select";
import { ADMIN_SORT_LABELS, ADMIN_SORTS, type AdminSearch, type AdminSort } from "./admin-model";
import { HISTORY_DRAWER_ID } from "./history-drawer";

/** Filename search, sort by Name/Modified/Size with asc/desc, Show/Hide History, Refresh. */
export function AdminToolbar({
  view,
  set,
  count,
  historyOpen,
  onToggleHistory,
  refreshing,
  onRefresh,
}: {
  view: { q: string; sort: AdminSort; dir: "asc" | "desc" };
  set(patch: Partial<AdminSearch>): void;
  count: string;
  historyOpen: boolean;
  onToggleHistory(): void;
  refreshing: boolean;
  onRefresh(): void;
}) {
  const sortId = useId();
  const asc = view.dir === "asc";
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="mr-auto text-lg font-semibold">
        Files <span className="text-sm font-normal text-muted-foreground">{count}</span>
      </h2>
      <SearchBox
        label="Search file names"
        placeholder="Search file names…"
        value={view.q}
        onCommit={(q) => set({ q })}
      />
      <label htmlFor={sortId} className="sr-only">
        Sort by
      </label>
      <NativeSelect
        id={sortId}
        value={view.sort}
        onChange={(e) => set({ sort: e.target.value as AdminSort })}
      >
        {ADMIN_SORTS.map((s) => (
          <option key={s} value={s}>
            {ADMIN_SORT_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
      <Button
        variant="outline"
        size="icon"
        aria-label={asc ? "Ascending; switch to descending" : "Descending; switch to ascending"}
        title={asc ? "Ascending" : "Descending"}
        onClick={() => set({ dir: asc ? "desc" : "asc" })}
      >
        {asc ? <ArrowUpNarrowWideIcon /> : <ArrowDownWideNarrowIcon />}
      </Button>
      <Button
        variant="outline"
        aria-expanded={historyOpen}
        aria-controls={HISTORY_DRAWER_ID}
        onClick={onToggleHistory}
      >
        <HistoryIcon /> {historyOpen ? "Hide History" : "Show History"}
      </Button>
      <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
        <RefreshCwIcon className={refreshing ? "animate-spin" : undefined} /> Refresh
      </Button>
    </div>
  );
}
