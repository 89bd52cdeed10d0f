import { DOCUMENT_TEXTS, type DocDb } from "@shared/documents";
import { DatabaseIcon, InfoIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { ErrorState } from "@/components/error-state";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/misc";
import { DatabaseRow, type RowActions } from "./database-row";
import { filterDbs } from "./index-model";

/**
 * The Databases panel: filter, Refresh, Bulk Delete (enabled once something is ticked), one row per database.
 * Ticks and open rows of databases that disappear (deleted, refreshed away) are dropped.
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
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Set<string>>(new Set());
  const shown = useMemo(() => filterDbs(dbs ?? [], q), [dbs, q]);
  const offNote = useId();

  useEffect(() => {
    const names = new Set((dbs ?? []).map((d) => d.name));
    const keep = (prev: Set<string>) =>
      [...prev].every((n) => names.has(n)) ? prev : new Set([...prev].filter((n) => names.has(n)));
    setTicked(keep);
    setOpen(keep);
  }, [dbs]);

  const flip = (set: Set<string>, name: string, on: boolean) => {
    const next = new Set(set);
    on ? next.add(name) : next.delete(name);
    return next;
  };

  return (
    <section aria-labelledby="dbs-title" className="rounded-lg border bg-card">
      <div className="flex flex-wrap items-center gap-2 border-b px-4 py-2.5">
        <DatabaseIcon className="size-4 text-muted-foreground" aria-hidden />
        <h2 id="dbs-title" className="mr-auto text-sm font-semibold">
          Databases
          {dbs && <span className="ml-2 font-normal text-muted-foreground">{dbs.length}</span>}
        </h2>
        <SearchBox
          label="Filter databases"
          placeholder="Filter databases…"
          className="[&_input]:h-8 [&_input]:w-52"
          value={q}
          onCommit={setQ}
          onType={(v) => setQ(v.trim())}
        />
        <Button size="sm" variant="outline" onClick={onRefresh} disabled={fetching}>
          <RefreshCwIcon className={fetching ? "animate-spin" : undefined} /> Refresh
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={ticked.size === 0 || actions.busy}
          onClick={async () => {
            const gone = await onBulkDelete([...ticked]);
            if (gone.length) setTicked((prev) => new Set([...prev].filter((n) => !gone.includes(n))));
          }}
        >
          <Trash2Icon /> Bulk Delete{ticked.size > 0 && ` (${ticked.size})`}
        </Button>
      </div>
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
          {actions.embeddingsOff && (
            // Said once, in words: a disabled button takes no pointer, and a phone has no hover.
            <p
              id={offNote}
              className="flex items-start gap-2 border-b px-4 py-2 text-xs text-muted-foreground"
            >
              <InfoIcon className="mt-px size-3.5 shrink-0" aria-hidden />
              <span>Refresh embeddings is off: {actions.embeddingsOff}</span>
            </p>
          )}
          <ul aria-label="Databases" aria-busy={fetching || undefined}>
            {shown.map((db) => (
              <DatabaseRow
                key={db.name}
                db={db}
                checked={ticked.has(db.name)}
                onCheck={(on) => setTicked((prev) => flip(prev, db.name, on))}
                open={open.has(db.name)}
                onToggle={() => setOpen((prev) => flip(prev, db.name, !prev.has(db.name)))}
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
