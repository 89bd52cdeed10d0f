import { totalText } from "@shared/list-total";
import { REPORTS_TEXTS, type ReportHit } from "@shared/reports";
import { keepPreviousData } from "@tanstack/react-query";
import { ExternalLinkIcon, SearchIcon } from "lucide-react";
import { Pager } from "@/components/data-table/pager";
import { ErrorState } from "@/components/error-state";
import { SearchBox } from "@/components/search-box";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/misc";
import { WorkOrderLink } from "@/components/work-order-link";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import { checkWoPrefix, SEARCH_MIN_CHARS } from "./reports-model";
import { Snippet } from "./snippet";
import { WoPrefixField } from "./wo-prefix-field";

const PAGE_SIZE = 20;

/**
 * Full-text search over every indexed page of every report, narrowed by a W.O. prefix; each hit names its report
 * and page and opens the original there. Text and prefix commit to the URL after a pause.
 */
export function SearchPanel({
  q,
  wo,
  page,
  onChange,
  onOpen,
}: {
  q: string;
  wo: string;
  page: number;
  onChange(patch: { q?: string; wo?: string; page?: number }): void;
  onOpen(fileId: number, page: number): void;
}) {
  const search = useReportSearch(q, wo, page);
  const data = search.data;

  return (
    <section aria-labelledby="search-title" className="space-y-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="search-title" className="mr-auto flex items-center gap-2 font-semibold">
          <SearchIcon className="size-4 text-muted-foreground" aria-hidden />
          Search reports
        </h2>
        {data && (
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {totalText(data)} matching page{data.total === 1 && !data.total_capped ? "" : "s"}
            {data.total_capped ? " (newest first: add a word or a W.O. prefix to rank them)" : ""}
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-start gap-2">
        <SearchBox
          label="Search inside all reports"
          placeholder={REPORTS_TEXTS.searchPlaceholder}
          shortPlaceholder={REPORTS_TEXTS.searchPlaceholder}
          value={q}
          onCommit={(v) => onChange({ q: v })}
          className="min-w-60 flex-1"
          inputClassName="w-full"
        />
        <WoPrefixField label="Search: W.O. prefix" value={wo} onCommit={(v) => onChange({ wo: v })} />
      </div>
      <SearchResults q={q} search={search} onOpen={onOpen} />
      {data && data.total > PAGE_SIZE && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          capped={data.total_capped}
          onPageChange={(p) => onChange({ page: p })}
        />
      )}
    </section>
  );
}

/**
 * The full-text search of the reports as a screen runs it: sent once the text has SEARCH_MIN_CHARS and the W.O.
 * prefix reads as one; the last page stays shown while the next loads.
 */
export function useReportSearch(q: string, wo: string, page: number) {
  const woCheck = checkWoPrefix(wo);
  const ready = q.trim().length >= SEARCH_MIN_CHARS && woCheck.ok;
  const search = trpc.reports.search.useQuery(
    { q: q.trim(), wo: woCheck.ok ? woCheck.wo : undefined, page, page_size: PAGE_SIZE },
    { enabled: ready, placeholderData: keepPreviousData },
  );
  const data = ready ? search.data : undefined;
  return {
    ready,
    data,
    loading: search.isFetching && !data,
    error: search.error ? errorMessage(search.error, "Search failed.") : null,
    retry: () => void search.refetch(),
  };
}

export function SearchResults({
  q,
  search: { ready, loading, error, retry: onRetry, data },
  onOpen,
}: {
  q: string;
  search: ReturnType<typeof useReportSearch>;
  onOpen(fileId: number, page: number): void;
}) {
  const hits: readonly ReportHit[] | undefined = data?.hits;
  if (!q.trim()) {
    return (
      <p className="text-sm text-muted-foreground">
        Finds words and phrases on every page of every indexed report.
      </p>
    );
  }
  if (!ready && q.trim().length < SEARCH_MIN_CHARS) {
    return <p className="text-sm text-muted-foreground">Type at least {SEARCH_MIN_CHARS} characters.</p>;
  }
  if (error) {
    return (
      <ErrorState message={error} onRetry={onRetry} className="rounded-md border border-destructive/40 p-3" />
    );
  }
  if (loading || !hits) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Searching">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (!hits.length)
    return <p className="py-4 text-center text-sm text-muted-foreground">{REPORTS_TEXTS.noHits}</p>;
  return (
    <ol aria-label="Search results" className="space-y-2">
      {hits.map((h) => (
        <li key={`${h.file_id}:${h.page}`} className="rounded-md border p-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline" className="font-mono">
              <WorkOrderLink wo={h.work_order} />
            </Badge>
            <span className="min-w-0 truncate font-medium">{h.project}</span>
            <Button
              variant="outline"
              size="xs"
              className="ml-auto"
              aria-label={`Open ${h.file_name} at page ${h.page}`}
              onClick={() => onOpen(h.file_id, h.page)}
            >
              <ExternalLinkIcon /> Page {h.page}
            </Button>
          </div>
          <p className="mt-0.5 truncate text-xs text-muted-foreground" title={h.file_name}>
            {h.file_name}
          </p>
          <Snippet parts={h.snippet} />
        </li>
      ))}
    </ol>
  );
}
