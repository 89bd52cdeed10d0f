import { NOT_A_PDF } from "@shared/storage";
import { trpc } from "@/lib/trpc";
import type { UploadSettings } from "./admin-model";
import { UploadPanel } from "./upload-panel";
import { type TargetChoice, UploadSettingsForm } from "./upload-settings";
import { useStorageUploads } from "./use-storage-uploads";
import { useTargetDbs } from "./use-target-dbs";

/**
 * The top of the S3 Uploader: the upload settings, then the drop zone and its queue. Each file is sent with the
 * settings (`settings`, Target DB included) chosen when it was added; `onChanged` runs as uploads land.
 */
export function UploadSection({
  target,
  onTarget,
  settings,
  onSettings,
  onChanged,
}: {
  target: TargetChoice;
  onTarget(t: TargetChoice): void;
  settings: UploadSettings;
  onSettings(patch: Partial<UploadSettings>): void;
  onChanged(): void;
}) {
  const limits = trpc.storage.limits.useQuery();
  const { dbs, loading } = useTargetDbs();
  const { queue, items } = useStorageUploads(limits.data, onChanged);
  return (
    <section aria-label="Upload" className="space-y-4 rounded-lg border bg-card p-4">
      <UploadSettingsForm
        dbs={dbs}
        loading={loading}
        target={target}
        onTarget={onTarget}
        settings={settings}
        onSettings={onSettings}
      />
      <UploadPanel
        items={items}
        maxMb={limits.data?.uploadMaxMb}
        onFiles={(files) => queue.add(files, settings)}
        onRefused={(files) => queue.refuse(files, settings, NOT_A_PDF)}
        onCancel={(id) => queue.cancel(id)}
        onRetry={(id) => queue.retry(id, settings)}
        onRemove={(id) => queue.remove(id)}
        onClearFinished={() => queue.clearFinished()}
      />
    </section>
  );
}
