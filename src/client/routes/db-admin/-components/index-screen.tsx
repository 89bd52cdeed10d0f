import { NOT_A_PDF } from "@shared/storage";
import { SchemaDialog } from "@/components/doc-db/schema-dialog";
import { PreviewDialog } from "@/components/file-preview/preview-dialog";
import { LogPanel } from "@/components/log-panel";
import { Screen } from "@/components/screen";
import { DatabasesPanel } from "./databases-panel";
import { HistoryPanel } from "./history-panel";
import { stepTone } from "./index-model";
import { QueuePanel } from "./queue-panel";
import { TargetForm } from "./target-form";
import { useIndexManager } from "./use-index-manager";

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
  const { settings, index, databases, preview, ...manager } = useIndexManager();
  return (
    <>
      <div className="space-y-6">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
          <section aria-label="Upload" className="space-y-5 rounded-lg border bg-card p-4">
            <TargetForm
              settings={settings}
              onChange={manager.setSettings}
              dbs={manager.names}
              disabled={index.running}
              dbMissing={manager.dbMissing}
            />
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
              onRun={manager.run}
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
        <DatabasesPanel {...databases} />
        <HistoryPanel />
      </div>
      <SchemaDialog db={manager.schemaOf} onClose={manager.closeSchema} />
      <PreviewDialog
        file={preview && { name: preview.name, url: preview.url, detail: preview.db }}
        onClose={manager.closePreview}
      />
    </>
  );
}
