import { can } from "@shared/permissions";
import { REPORTS_TEXTS } from "@shared/reports";
import { RotateCwIcon, WifiOffIcon } from "lucide-react";
import { ErrorState } from "@/components/error-state";
import { LogPanel } from "@/components/log-panel";
import { Screen } from "@/components/screen";
import { Button } from "@/components/ui/button";
import { isUnreachable, type ReportsSearch, reportsViewOf } from "@/features/reports/reports-model";
import { SearchPanel } from "@/features/reports/search-panel";
import { useOpenReport } from "@/features/reports/use-open-report";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";
import { useSearchState } from "@/lib/use-search-state";
import { FilesPanel } from "./files-panel";
import { IndexPanel } from "./index-panel";
import { ReportsOverview } from "./reports-overview";
import { useIndexRun } from "./use-index-run";

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
  const stats = trpc.reports.stats.useQuery();
  const openReport = useOpenReport();

  return (
    <div className="space-y-6">
      <StatsProblem stats={stats} />
      <ReportsOverview counts={stats.data} failed={!!stats.error} />
      {canIndex ? (
        <IndexingArea />
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

/** Why the counts are missing: the reports API did not answer (Retry refetches all), or another error. */
function StatsProblem({ stats }: { stats: ReturnType<typeof trpc.reports.stats.useQuery> }) {
  const utils = trpc.useUtils();
  if (!stats.error) return null;
  if (isUnreachable(stats.error))
    return (
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
    );
  return (
    <ErrorState
      className="items-start rounded-lg border border-destructive/40 bg-destructive/10 p-3"
      message={errorMessage(stats.error, "Failed to load the report counts.")}
      onRetry={() => void stats.refetch()}
    />
  );
}

/** For Admins and Owners: the indexing panel beside the Log of the run. */
function IndexingArea() {
  const index = useIndexRun();
  return (
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
  );
}
