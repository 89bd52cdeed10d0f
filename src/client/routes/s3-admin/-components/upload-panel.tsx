import type { UploadResult } from "@shared/storage";
import { BrushCleaningIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropZone, isPdfName } from "@/components/upload-queue/drop-zone";
import { QueueChips } from "@/components/upload-queue/queue-chips";
import { isFinished, type QueueItem } from "@/lib/upload-queue";
import { destinationOf, type UploadSettings } from "./admin-model";

/** The drop zone (PDFs only, others ignored without a word), the queue chips and 'Clear finished'. */
export function UploadPanel({
  items,
  maxMb,
  onFiles,
  onRefused,
  onCancel,
  onRetry,
  onRemove,
  onClearFinished,
}: {
  items: readonly QueueItem<UploadSettings, UploadResult>[];
  maxMb: number | undefined;
  onFiles(files: File[]): void;
  /** Files that are not PDFs: listed in the queue as refused. */
  onRefused(files: File[]): void;
  onCancel(id: string): void;
  onRetry(id: string): void;
  onRemove(id: string): void;
  onClearFinished(): void;
}) {
  const finished = items.filter((i) => isFinished(i.status)).length;
  return (
    <div className="space-y-3">
      <DropZone
        onFiles={onFiles}
        onRefused={onRefused}
        accept={isPdfName}
        acceptAttr=".pdf,application/pdf"
        title="Drop PDFs here or click to choose"
        hint={`PDF files only, several at once${maxMb ? `, up to ${maxMb} MB each` : ""}`}
      />
      {items.length > 0 && (
        // On a phone the button goes below the chips instead of past the screen's edge.
        <div className="flex flex-wrap items-start gap-3">
          <QueueChips
            className="min-w-0 flex-1 basis-72"
            items={items}
            onCancel={onCancel}
            onRetry={onRetry}
            onRemove={onRemove}
            detail={(item) => (
              <p
                className="mt-0.5 truncate text-xs text-muted-foreground"
                title={destinationOf(item.meta, item.name)}
              >
                → {item.result?.key ?? (item.meta.db ? destinationOf(item.meta, item.name) : "no target DB")}
              </p>
            )}
          />
          <Button size="sm" variant="outline" disabled={finished === 0} onClick={onClearFinished}>
            <BrushCleaningIcon /> Clear finished
          </Button>
        </div>
      )}
    </div>
  );
}
