import { DOCUMENT_MESSAGES, DOCUMENT_TEXTS, type DocFile } from "@shared/documents";
import { NOT_A_PDF } from "@shared/storage";
import { useCallback, useMemo, useState } from "react";
import { toast } from "sonner";
import { SchemaDialog } from "@/components/doc-db/schema-dialog";
import { PreviewDialog } from "@/components/file-preview/preview-dialog";
import { LogPanel } from "@/components/log-panel";
import { Screen } from "@/components/screen";
import { errorMessage } from "@/lib/api";
import { signedLinkMap, visibleDbs } from "@/lib/doc-dbs";
import { trpc } from "@/lib/trpc";
import { DatabasesPanel } from "./databases-panel";
import { HistoryPanel } from "./history-panel";
import { DEFAULT_INDEX_SETTINGS, type IndexSettings, runBlocker, stepTone, targetDbOf } from "./index-model";
import { QueuePanel } from "./queue-panel";
import { TargetForm } from "./target-form";
import { useDbActions } from "./use-db-actions";
import { useIndexQueue } from "./use-index-queue";

/**
 * The Index Manager (/db-admin). The Screen frame shows Users a "Admins and Owners only" notice (the same
 * isStaffAdmin rule as `can(me, "content.write")`, which the server enforces on every write) and never mounts
 * the manager, so its queries and queue exist only for those who may use them.
 */
export function IndexScreen() {
  return (
    <Screen path="/db-admin">
      <IndexManager />
    </Screen>
  );
}

/**
 * Where files go, the queue with Run/Stop and the status line, the streamed Steps, then the Databases panel and
 * the Upload History.
 */
function IndexManager() {
  const utils = trpc.useUtils();
  const list = trpc.documents.listDbs.useQuery();
  const features = trpc.documents.features.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const links = trpc.documents.pdfLinks.useQuery(undefined, { retry: false });
  const dbs = useMemo(() => (list.data ? visibleDbs(list.data.dbs) : undefined), [list.data]);
  const names = useMemo(() => (dbs ?? []).map((d) => d.name), [dbs]);

  const [settings, setSettings] = useState<IndexSettings>(DEFAULT_INDEX_SETTINGS);
  const [schemaOf, setSchemaOf] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ name: string; url: string; db: string } | null>(null);

  const refresh = useCallback(() => {
    void utils.documents.listDbs.invalidate();
    void utils.documents.listFiles.invalidate();
    void utils.documents.pdfLinks.invalidate();
    void utils.documents.uploadHistory.invalidate();
    void utils.storage.invalidate();
  }, [utils]);

  const index = useIndexQueue(refresh);
  const actions = useDbActions(refresh, (db, steps, failed) => index.addSteps(db, steps, failed));
  const waiting = index.items.filter((i) => i.status === "ready").length;

  const openFile = (db: string, file: DocFile) => {
    // The spec's signed-link map first ('<database>/<file>'), then the link the file list carried.
    const url = signedLinkMap(links.data?.files).get(`${db}/${file.fileName}`) ?? file.url;
    if (!url) return void toast.error(DOCUMENT_TEXTS.signedUrlMissing, { duration: 3000 });
    setPreview({ name: file.fileName, url, db });
  };

  return (
    <>
      <div className="space-y-6">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
          <section aria-label="Upload" className="space-y-5 rounded-lg border bg-card p-4">
            <TargetForm settings={settings} onChange={setSettings} dbs={names} disabled={index.running} />
            <QueuePanel
              items={index.items}
              running={index.running}
              status={index.status}
              onFiles={(files) => index.queue.add(files, null)}
              onRefused={(files) => index.queue.refuse(files, null, NOT_A_PDF)}
              onCancel={(id) => index.queue.cancel(id)}
              onRetry={(id) => index.queue.retry(id)}
              onRemove={(id) => index.queue.remove(id)}
              onClear={() => index.queue.clear()}
              onRun={() => {
                const blocker = runBlocker(waiting, settings);
                const db = targetDbOf(settings);
                index.start(
                  blocker ?? {
                    db,
                    action: settings.action,
                    general: settings.general,
                    title: settings.title,
                  },
                );
              }}
              onStop={index.stop}
            />
          </section>
          <LogPanel
            title="Steps"
            entries={index.steps}
            toneOf={stepTone}
            onClear={index.clearSteps}
            emptyText="Steps appear here while files are processed."
          />
        </div>
        <DatabasesPanel
          dbs={dbs}
          error={list.error ? errorMessage(list.error, DOCUMENT_TEXTS.loadDatabasesFailed) : null}
          fetching={list.isFetching}
          onRefresh={() => {
            void list.refetch();
            void links.refetch();
            void utils.documents.listFiles.invalidate();
          }}
          onBulkDelete={actions.deleteMany}
          actions={{
            busy: actions.busy,
            embedding: actions.embedding,
            embeddingsOff:
              features.data && !features.data.embeddings ? DOCUMENT_MESSAGES.embeddingsOff : undefined,
            onSchema: setSchemaOf,
            onExport: (db) => void actions.exportSchema(db),
            onEmbeddings: (db) => void actions.refreshEmbeddings(db),
            onDelete: (db) => void actions.deleteOne(db),
            onOpenFile: openFile,
          }}
        />
        <HistoryPanel />
      </div>
      <SchemaDialog db={schemaOf} onClose={() => setSchemaOf(null)} />
      <PreviewDialog
        file={preview && { name: preview.name, url: preview.url, detail: preview.db }}
        onClose={() => setPreview(null)}
      />
    </>
  );
}
