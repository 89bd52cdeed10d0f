import { can } from "@shared/permissions";
import { REPORTS_TEXTS } from "@shared/reports";
import { FileStackIcon, FileTextIcon, InfoIcon, LayersIcon, RotateCwIcon, WifiOffIcon } from "lucide-react";
import { useCallback } from "react";
import { toast } from "sonner";
import { ErrorState } from "@/components/error-state";
import { LogPanel } from "@/components/log-panel";
import { Screen } from "@/components/screen";
import { StatTile } from "@/components/stat-tile";
import { Button } from "@/components/ui/button";
import {
  isUnreachable,
  type ReportsSearch,
  type RunTotals,
  reportsViewOf,
  totalsText,
} from "@/features/reports/reports-model";
import { SearchPanel } from "@/features/reports/search-panel";
import { useOpenReport } from "@/features/reports/use-open-report";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";
import { useSearchState } from "@/lib/use-search-state";
import { FilesPanel } from "./files-panel";
import { IndexPanel } from "./index-panel";
import { useBulkIndex } from "./use-bulk-index";

/** The Reports Indexer (/reports): every signed-in person searches and browses; Admins and Owners index. */
export function ReportsScreen() {
  return (
    <Screen path="/reports" title={REPORTS_TEXTS.title}>
      <ReportsIndexer />
    </Screen>
  );
}

function ReportsIndexer() {
  const [search, set] = useSearchState<ReportsSearch>("/reports");
  const view = reportsViewOf(search);
  const { me } = useAuth();
  const canIndex = can(me ?? null, "content.write");
  const utils = trpc.useUtils();
  const stats = trpc.reports.stats.useQuery();
  const limits = trpc.storage.limits.useQuery(undefined, { enabled: canIndex });
  const openReport = useOpenReport();

  const onFinished = useCallback(
    (totals: RunTotals, stopped: boolean) => {
      void utils.reports.invalidate();
      const text = totalsText(totals);
      if (stopped) toast.info("Indexing stopped.", { description: text });
      else if (totals.failed > 0) toast.warning("Indexing finished with errors.", { description: text });
      else toast.success("Indexing finished.", { description: text });
    },
    [utils],
  );
  const index = useBulkIndex({ maxBytes: limits.data?.uploadMaxBytes, onFinished });

  const unreachable = !!stats.error && isUnreachable(stats.error);
  return (
    <div className="space-y-6">
      {unreachable && (
        <div
          role="alert"
          className="flex flex-wrap items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm"
        >
          <WifiOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p className="min-w-0 flex-1">{REPORTS_TEXTS.apiUnreachable}</p>
          <Button size="xs" variant="outline" onClick={() => void utils.reports.invalidate()}>
            <RotateCwIcon /> Retry
          </Button>
        </div>
      )}
      {stats.error && !unreachable && (
        <ErrorState
          className="items-start rounded-lg border border-destructive/40 bg-destructive/10 p-3"
          message={errorMessage(stats.error, "Failed to load the report counts.")}
          onRetry={() => void stats.refetch()}
        />
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <aside
          aria-label="File name format"
          className="flex gap-3 rounded-lg border bg-muted/30 p-4 text-sm leading-relaxed"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <div>
            <p>{REPORTS_TEXTS.nameFormat}</p>
            <p className="mt-1 text-muted-foreground">
              For example{" "}
              <code className="rounded bg-muted px-1 py-0.5 text-xs">1234-56.Kapolei Substation.pdf</code> or{" "}
              <code className="rounded bg-muted px-1 py-0.5 text-xs">1234-56A.Pier 12.pdf</code>.
            </p>
          </div>
        </aside>
        <section aria-label="Report counts" className="grid grid-cols-3 content-start gap-3">
          <StatTile
            label={REPORTS_TEXTS.files}
            icon={FileTextIcon}
            value={stats.error ? null : stats.data?.files}
            testId="stat-files"
          />
          <StatTile
            label={REPORTS_TEXTS.pages}
            icon={FileStackIcon}
            value={stats.error ? null : stats.data?.pages}
            testId="stat-pages"
          />
          <StatTile
            label={REPORTS_TEXTS.chunks}
            icon={LayersIcon}
            value={stats.error ? null : stats.data?.chunks}
            testId="stat-chunks"
          />
        </section>
      </div>
      {canIndex ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
          <IndexPanel
            canIndex
            running={index.running}
            progress={index.progress}
            onRun={index.run}
            onStop={index.stop}
          />
          <LogPanel
            title={REPORTS_TEXTS.log}
            entries={index.log}
            toneOf={(e) => e.tone}
            onClear={index.clearLog}
            emptyText="Lines appear here as the server indexes the reports."
          />
        </div>
      ) : (
        // A User sees what indexing takes, disabled, and no Log (nothing of theirs can write to it).
        <IndexPanel
          canIndex={false}
          running={false}
          progress={null}
          onRun={async () => null}
          onStop={() => {}}
        />
      )}
      <SearchPanel
        q={view.q}
        wo={view.wo}
        page={view.page}
        onChange={(p) => set({ q: p.q ?? view.q, wo: p.wo ?? view.wo, ...(p.page ? { page: p.page } : {}) })}
        onOpen={(id, page) => void openReport(id, page)}
      />
      <FilesPanel
        q={view.fileQ}
        wo={view.fileWo}
        page={view.filePage}
        pageSize={view.filePageSize}
        onChange={(p) =>
          set({
            file_q: p.q ?? view.fileQ,
            file_wo: p.wo ?? view.fileWo,
            file_page_size: p.pageSize ?? search.file_page_size,
            // A new filter or page size starts at page 1; the search keeps its page.
            file_page: p.page,
            page: search.page,
          })
        }
        onOpen={(id) => void openReport(id)}
      />
    </div>
  );
}
