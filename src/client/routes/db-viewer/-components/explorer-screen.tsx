import { DOCUMENT_TEXTS, dbTitle } from "@shared/documents";
import { can } from "@shared/permissions";
import { TOAST_MS } from "@shared/storage";
import { DatabaseIcon, RefreshCwIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { SchemaDialog } from "@/components/doc-db/schema-dialog";
import { Screen } from "@/components/screen";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth";
import { trpc } from "@/lib/trpc";
import { useSearchState } from "@/lib/use-search-state";
import { DbList } from "./db-list";
import { type ExplorerSearch, explorerViewOf, listDbs, selectDb } from "./explorer-model";
import { FilesPanel } from "./files-panel";
import { useDeleteDb } from "./use-delete-db";

/**
 * The Database Explorer (/db-viewer, all signed-in staff): databases on the left, the selected one's files on the
 * right. The selection, file search, type, sort, page and page size live in the URL; the database search does
 * not (it only narrows the list on the left).
 */
export function ExplorerScreen() {
  const { me } = useAuth();
  const [search, set] = useSearchState<ExplorerSearch>("/db-viewer");
  const v = explorerViewOf(search);
  const utils = trpc.useUtils();
  const list = trpc.documents.listDbs.useQuery();
  const [dbQuery, setDbQuery] = useState("");
  const [schemaOf, setSchemaOf] = useState<string | null>(null);
  const dbs = useMemo(() => listDbs(list.data?.dbs ?? [], dbQuery), [list.data, dbQuery]);

  const refresh = async () => {
    const r = await list.refetch();
    if (r.error) toast.error(DOCUMENT_TEXTS.refreshFailed, { duration: TOAST_MS });
    if (v.db) void utils.documents.listFiles.invalidate({ db_name: v.db });
  };

  const deleteDb = useDeleteDb(
    () => v.db,
    () => set({ db: undefined }),
  );

  return (
    <Screen
      path="/db-viewer"
      actions={
        <>
          <SearchBox
            label="Search databases"
            placeholder={DOCUMENT_TEXTS.searchDatabases}
            value={dbQuery}
            onCommit={setDbQuery}
            onType={(q) => setDbQuery(q.trim())}
          />
          <Button variant="outline" onClick={() => void refresh()} disabled={list.isFetching}>
            <RefreshCwIcon className={list.isFetching ? "animate-spin" : undefined} /> Refresh
          </Button>
        </>
      }
    >
      <div className="grid gap-6 md:grid-cols-[19rem_minmax(0,1fr)]">
        <aside aria-label="Databases list" className="h-fit rounded-lg border bg-card md:sticky md:top-20">
          <DbList
            dbs={dbs}
            loading={list.isPending}
            error={list.error && !list.data ? DOCUMENT_TEXTS.loadDatabasesFailed : null}
            onRetry={() => void list.refetch()}
            selected={v.db}
            canDelete={can(me ?? null, "content.write")}
            onSelect={(name) => set(selectDb(v.db, name))}
            onSchema={setSchemaOf}
            onDelete={(name) => void deleteDb(name)}
          />
        </aside>
        {v.db ? (
          <FilesPanel
            key={v.db}
            v={v}
            set={set}
            title={dbTitle(dbs.find((d) => d.name === v.db) ?? { name: v.db })}
          />
        ) : (
          <NoDbSelected />
        )}
      </div>
      <SchemaDialog db={schemaOf} onClose={() => setSchemaOf(null)} />
    </Screen>
  );
}

/** The right side before a database is chosen. */
function NoDbSelected() {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
      <DatabaseIcon className="size-8" aria-hidden />
      <p className="font-medium text-foreground">{DOCUMENT_TEXTS.selectDatabase}</p>
      <p>Choose a database on the left to see its files.</p>
    </div>
  );
}
