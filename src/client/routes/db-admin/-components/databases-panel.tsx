import { DOCUMENT_TEXTS, type DocDb } from "@shared/documents";
import { DatabaseIcon, InfoIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { ErrorState } from "@/components/error-state";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/misc";
import { DatabaseRow, type RowActions } from "./database-row";
import { filterDbs } from "./index-model";
import { useRowSets } from "./use-row-sets";

/**
 * The Databases panel: filter, Refresh, Bulk Delete (enabled once something is ticked), one row per database.
 */
export function DatabasesPanel({
  dbs,
  error,
  fetching,
  onRefresh,
  onBulkDelete,
  actions,
}: {
  dbs: readonly DocDb[] | undefined;
  error: string | null;
  fetching: boolean;
  onRefresh(): void;
  onBulkDelete(names: string[]): Promise<string[]>;
  actions: RowActions;
}) {
  const [q, setQ] = useState("");
  const { ticked, open, tick, toggle, untick } = useRowSets(dbs);
  const shown = useMemo(() => filterDbs(dbs ?? [], q), [dbs, q]);
  const offNote = useId();

  return (
    <section aria-labelledby="dbs-title" className="rounded-lg border bg-card">
      <DatabasesToolbar
        count={dbs?.length}
        filter={q}
        onFilter={setQ}
        fetching={fetching}
        onRefresh={onRefresh}
        ticked={ticked.size}
        deleteDisabled={ticked.size === 0 || actions.busy}
        onBulkDelete={async () => untick(await onBulkDelete([...ticked]))}
      />
      {error && !dbs ? (
        <ErrorState className="px-4 py-6" message={error} onRetry={onRefresh} />
      ) : !dbs ? (
        <div className="space-y-2 p-4" aria-busy>
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : shown.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">{DOCUMENT_TEXTS.noDatabases}</p>
      ) : (
        <>
          {actions.embeddingsOff && <EmbeddingsOffNote id={offNote} why={actions.embeddingsOff} />}
          <ul aria-label="Databases" aria-busy={fetching || undefined}>
            {shown.map((db) => (
              <DatabaseRow
                key={db.name}
                db={db}
                checked={ticked.has(db.name)}
                onCheck={(on) => tick(db.name, on)}
                open={open.has(db.name)}
                onToggle={() => toggle(db.name)}
                a={actions}
                embeddingsOffNote={actions.embeddingsOff ? offNote : undefined}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The panel's title with the count, the filter, Refresh, and Bulk Delete with the number ticked. */
function DatabasesToolbar({
  count,
  filter,
  onFilter,
  fetching,
  onRefresh,
  ticked,
  deleteDisabled,
  onBulkDelete,
}: {
  count: number | undefined;
  filter: string;
  onFilter(q: string): void;
  fetching: boolean;
  onRefresh(): void;
  ticked: number;
  deleteDisabled: boolean;
  onBulkDelete(): void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b px-4 py-2.5">
      <DatabaseIcon className="size-4 text-muted-foreground" aria-hidden />
      <h2 id="dbs-title" className="mr-auto text-sm font-semibold">
        Databases
        {count !== undefined && <span className="ml-2 font-normal text-muted-foreground">{count}</span>}
      </h2>
      <SearchBox
        label="Filter databases"
        placeholder="Filter databases…"
        className="[&_input]:h-8 [&_input]:w-52"
        value={filter}
        onCommit={onFilter}
        onType={(v) => onFilter(v.trim())}
      />
      <Button size="sm" variant="outline" onClick={onRefresh} disabled={fetching}>
        <RefreshCwIcon className={fetching ? "animate-spin" : undefined} /> Refresh
      </Button>
      <Button size="sm" variant="destructive" disabled={deleteDisabled} onClick={onBulkDelete}>
        <Trash2Icon /> Bulk Delete{ticked > 0 && ` (${ticked})`}
      </Button>
    </div>
  );
}

/** Said once, in words: a disabled button takes no pointer, and a phone has no hover. */
function EmbeddingsOffNote({ id, why }: { id: string; why: string }) {
  return (
    <p id={id} className="flex items-start gap-2 border-b px-4 py-2 text-xs text-muted-foreground">
      <InfoIcon className="mt-px size-3.5 shrink-0" aria-hidden />
      <span>Refresh embeddings is off: {why}</span>
    </p>
  );
}
