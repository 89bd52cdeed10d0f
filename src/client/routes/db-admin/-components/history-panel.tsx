import { DOCUMENT_TEXTS, dbTitle } from "@shared/documents";
import { keepPreviousData } from "@tanstack/react-query";
import { DatabaseIcon, HistoryIcon, RefreshCwIcon, UserIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { ErrorState } from "@/components/error-state";
import { SearchBox } from "@/components/search-box";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/misc";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { groupHistory, type HistoryGroup } from "./index-model";

const HISTORY_LIMIT = 500;

/**
 * Upload History: the newest uploads, searched on the server (so older ones are found too), grouped by user and
 * database within 10 minutes, each group with its file count and each file with its time to the second.
 */
export function HistoryPanel() {
  const [q, setQ] = useState("");
  const history = trpc.documents.uploadHistory.useQuery(
    { q: q || undefined, limit: HISTORY_LIMIT },
    { placeholderData: keepPreviousData },
  );
  const groups = useMemo(() => groupHistory(history.data?.entries ?? []), [history.data]);

  return (
    <section aria-labelledby="history-title" className="flex min-h-0 flex-col rounded-lg border bg-card">
      <div className="space-y-2 border-b px-4 py-2.5">
        <div className="flex items-center gap-2">
          <HistoryIcon className="size-4 text-muted-foreground" aria-hidden />
          <h2 id="history-title" className="mr-auto text-sm font-semibold">
            Upload History
          </h2>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void history.refetch()}
            disabled={history.isFetching}
          >
            <RefreshCwIcon className={history.isFetching ? "animate-spin" : undefined} /> Refresh
          </Button>
        </div>
        <SearchBox
          label="Search upload history"
          placeholder="Search file, database, user…"
          className="max-w-md [&_input]:h-8 [&_input]:w-full"
          value={q}
          onCommit={setQ}
        />
      </div>
      <div className="max-h-[36rem] min-h-0 flex-1 overflow-y-auto px-4 py-3" aria-busy={history.isFetching}>
        {history.error && !history.data ? (
          <ErrorState
            message={errorMessage(history.error, "Failed to load the upload history.")}
            onRetry={() => void history.refetch()}
          />
        ) : !history.data ? (
          <div className="space-y-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : groups.length === 0 ? (
          <p className="py-3 text-center text-sm text-muted-foreground">{DOCUMENT_TEXTS.noHistory}</p>
        ) : (
          <ol className="grid gap-2 md:grid-cols-2 xl:grid-cols-3" aria-label="Upload history">
            {groups.map((g) => (
              <UploadGroup key={g.key} group={g} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** One person's uploads to one database within 10 minutes, each file with its time. */
function UploadGroup({ group: g }: { group: HistoryGroup }) {
  return (
    <li className="rounded-md border p-3 text-sm" aria-label={`${g.user}, ${dbTitle({ name: g.db })}`}>
      <div className="flex items-center gap-2">
        <UserIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 truncate font-medium">{g.user}</span>
        <Badge variant="secondary" className="ml-auto">
          {g.entries.length} file{g.entries.length === 1 ? "" : "s"}
        </Badge>
      </div>
      <div className="mt-0.5 flex items-center gap-2">
        <DatabaseIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 truncate text-xs" title={g.db}>
          {dbTitle({ name: g.db })}
        </span>
      </div>
      <ul className="mt-2 space-y-0.5 border-l pl-3">
        {g.entries.map((e, i) => (
          <li key={`${e.time}-${e.file}-${i}`} className="flex gap-3 text-xs">
            <time dateTime={e.time} className="shrink-0 text-muted-foreground tabular-nums">
              {formatDateTime(e.time)}
            </time>
            <span className="min-w-0 truncate" title={e.file}>
              {e.file}
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}
