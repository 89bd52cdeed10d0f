import { can } from "@shared/permissions";
import { ADMIN_PAGE_SIZES } from "@shared/users";
import { keepPreviousData } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { DownloadIcon } from "lucide-react";
import { toast } from "sonner";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { DateRange, useOrderedRange } from "@/components/date-range";
import { Screen } from "@/components/screen";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { type CsvColumn, dateStamp, downloadText, toCsv } from "@/lib/csv";
import type { listSearch } from "@/lib/list-search";
import { useSearchState } from "@/lib/use-search-state";

/** The URL search of the IT account lists (each route validates it with the same schema). */
type Search = ReturnType<ReturnType<typeof listSearch>["parse"]>;

/**
 * The list the URL asks for, as the server's list and export procedures take it, and the options of the list
 * query. `dates`: the list is filtered by a From/To range (accounts added in a period).
 */
export function useAccountList(path: "/it-onboarded" | "/it-terminated", { dates = false } = {}) {
  const [s, set] = useSearchState<Search>(path);
  const { me } = useAuth();
  const range = useOrderedRange(s.from, s.to);
  const input = {
    q: s.q ?? "",
    ...(dates && { date_from: range.from, date_to: range.to }),
    page: s.page ?? 1,
    page_size: s.page_size ?? 25,
  };
  // The screen shows Users its "Admins and Owners only" notice: nothing to ask the server for them.
  const options = { placeholderData: keepPreviousData, enabled: can(me ?? null, "admin.view") };
  return { path, dates, s, set, input, options };
}

/**
 * An IT account list (/it-onboarded, /it-terminated): search (and the date range), the accounts a page at a time,
 * and Export CSV of every account that matches. The route runs the list query with `view`'s input and options.
 */
export function AccountsScreen<Row extends { email: string }>({
  view,
  list,
  exportRows,
  columns,
  csv,
  texts,
}: {
  view: ReturnType<typeof useAccountList>;
  list: {
    data?: { rows: Row[]; total: number };
    isFetching: boolean;
    error: unknown;
    refetch(): unknown;
  };
  /** Every matching account, for the CSV. */
  exportRows(): Promise<{ rows: Row[] }>;
  columns: ColumnDef<Row, unknown>[];
  /** The file is `<name>-<date>.csv`. */
  csv: { name: string; columns: CsvColumn<Row>[] };
  texts: { search: string; placeholder: string; table: string; empty: string };
}) {
  const { s, set, input } = view;
  const exportCsv = async () => {
    try {
      const all = await exportRows();
      downloadText(`${csv.name}-${dateStamp()}.csv`, toCsv(all.rows, csv.columns));
    } catch (err) {
      toast.error(errorMessage(err, "Export failed."));
    }
  };
  return (
    <Screen
      path={view.path}
      actions={
        <Button variant="outline" size="sm" onClick={() => void exportCsv()}>
          <DownloadIcon /> Export CSV
        </Button>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <SearchBox
          label={texts.search}
          placeholder={texts.placeholder}
          shortPlaceholder="Search accounts…"
          value={input.q}
          onCommit={(q) => set({ q })}
        />
        {view.dates && (
          <DateRange from={s.from} to={s.to} onChange={(r) => set({ from: r.from, to: r.to })} />
        )}
      </div>
      <DataTable
        label={texts.table}
        cards
        columns={columns}
        rows={list.data?.rows}
        rowId={(r) => r.email}
        loading={list.isFetching}
        error={list.error ? errorMessage(list.error, "Failed to load accounts.") : null}
        onRetry={() => void list.refetch()}
        emptyText={texts.empty}
      />
      <Pager
        page={input.page}
        pageSize={input.page_size}
        total={list.data?.total ?? 0}
        pageSizes={ADMIN_PAGE_SIZES}
        onPageChange={(page) => set({ page })}
        onPageSizeChange={(page_size) => set({ page_size })}
      />
    </Screen>
  );
}
