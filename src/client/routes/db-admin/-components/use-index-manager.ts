import { DOCUMENT_MESSAGES, DOCUMENT_TEXTS, type DocFile } from "@shared/documents";
import { useCallback, useMemo, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api";
import { signedLinkMap, visibleDbs } from "@/lib/doc-dbs";
import { trpc } from "@/lib/trpc";
import type { RowActions } from "./database-row";
import { DEFAULT_INDEX_SETTINGS, type IndexSettings, runBlocker, targetDbOf } from "./index-model";
import { useDbActions } from "./use-db-actions";
import { useIndexQueue } from "./use-index-queue";

/**
 * The Index Manager's state: the databases, where files go (settings), the upload queue and its steps, the
 * database actions, and the schema or file shown in a dialog.
 */
export function useIndexManager() {
  const utils = trpc.useUtils();
  const list = trpc.documents.listDbs.useQuery();
  const features = trpc.documents.features.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const links = trpc.documents.pdfLinks.useQuery(undefined, { retry: false });
  const dbs = useMemo(() => (list.data ? visibleDbs(list.data.dbs) : undefined), [list.data]);
  const names = useMemo(() => (dbs ?? []).map((d) => d.name), [dbs]);

  const target = useTargetSettings();
  const settings = target.settings;
  const [schemaOf, setSchemaOf] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ name: string; url: string; db: string } | null>(null);

  const refresh = useCallback(() => {
    void utils.documents.listDbs.invalidate();
    void utils.documents.listFiles.invalidate();
    void utils.documents.pdfLinks.invalidate();
    void utils.documents.uploadHistory.invalidate();
    void utils.storage.invalidate();
  }, [utils]);

  const index = useIndexQueue((created) => {
    refresh();
    if (created) target.appendTo(created);
  });
  const actions = useDbActions(refresh, (db, steps, failed) => index.addSteps(db, steps, failed));
  const waiting = index.items.filter((i) => i.status === "ready").length;

  const openFile = (db: string, file: DocFile) => {
    // The spec's signed-link map first ('<database>/<file>'), then the link the file list carried.
    const url = signedLinkMap(links.data?.files).get(`${db}/${file.fileName}`) ?? file.url;
    if (!url) return void toast.error(DOCUMENT_TEXTS.signedUrlMissing, { duration: 3000 });
    setPreview({ name: file.fileName, url, db });
  };
  /** Run the waiting files into the chosen database, or say what is missing first. */
  const run = () => {
    const blocker = runBlocker(waiting, settings);
    target.setDbMissing(blocker === DOCUMENT_TEXTS.pickDb);
    const db = targetDbOf(settings);
    index.start(blocker ?? { db, action: settings.action, general: settings.general, title: settings.title });
  };
  const rowActions: RowActions = {
    busy: actions.busy,
    embedding: actions.embedding,
    embeddingsOff: features.data && !features.data.embeddings ? DOCUMENT_MESSAGES.embeddingsOff : undefined,
    onSchema: setSchemaOf,
    onExport: (db) => void actions.exportSchema(db),
    onEmbeddings: (db) => void actions.refreshEmbeddings(db),
    onDelete: (db) => void actions.deleteOne(db),
    onOpenFile: openFile,
  };

  return {
    settings,
    setSettings: target.change,
    dbMissing: target.dbMissing,
    names,
    index,
    run,
    databases: {
      dbs,
      error: list.error ? errorMessage(list.error, DOCUMENT_TEXTS.loadDatabasesFailed) : null,
      fetching: list.isFetching,
      onRefresh: () => {
        void list.refetch();
        void links.refetch();
        void utils.documents.listFiles.invalidate();
      },
      onBulkDelete: actions.deleteMany,
      actions: rowActions,
    },
    schemaOf,
    closeSchema: () => setSchemaOf(null),
    preview,
    closePreview: () => setPreview(null),
  };
}

/**
 * Where a Run sends files. A Run with no database marks the field until one is given; after a New DB run
 * created its database the form goes on to Append to it, so a second Run adds to it rather than failing with
 * "already exists".
 */
function useTargetSettings() {
  const [settings, setSettings] = useState<IndexSettings>(DEFAULT_INDEX_SETTINGS);
  const [dbMissing, setDbMissing] = useState(false);
  const change = useCallback((next: IndexSettings) => {
    setSettings(next);
    if (targetDbOf(next)) setDbMissing(false);
  }, []);
  const appendTo = useCallback((db: string) => {
    setSettings((s) => ({ ...DEFAULT_INDEX_SETTINGS, general: s.general, action: "append", selected: db }));
  }, []);
  return { settings, change, dbMissing, setDbMissing, appendTo };
}
