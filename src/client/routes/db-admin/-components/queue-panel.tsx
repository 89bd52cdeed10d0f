import { BrushCleaningIcon, PlayIcon, SquareIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropZone, isPdfName } from "@/components/upload-queue/drop-zone";
import { QueueChips } from "@/components/upload-queue/queue-chips";
import { sizeMb } from "@/lib/doc-dbs";
import type { QueueItem } from "@/lib/upload-queue";
import { cn } from "@/lib/utils";
import type { StatusLine } from "./use-index-queue";

/** The drop zone (PDFs only, others ignored), the queue with Clear, Run and Stop, and the status line. */
export function QueuePanel({
  items,
  running,
  status,
  onFiles,
  onRefused,
  onCancel,
  onRetry,
  onRemove,
  onClear,
  onRun,
  onStop,
}: {
  items: readonly QueueItem<null, unknown>[];
  running: boolean;
  status: StatusLine | null;
  onFiles(files: File[]): void;
  /** Files that are not PDFs: listed in the queue as refused. */
  onRefused(files: File[]): void;
  onCancel(id: string): void;
  onRetry(id: string): void;
  onRemove(id: string): void;
  onClear(): void;
  onRun(): void;
  onStop(): void;
}) {
  const clearable = items.some((i) => i.status !== "uploading");
  return (
    <div className="space-y-3">
      <DropZone
        onFiles={onFiles}
        onRefused={onRefused}
        accept={isPdfName}
        acceptAttr=".pdf,application/pdf"
        title="Drop PDFs here or click to choose"
        hint="They wait in the queue until you press Run."
      />
      {items.length > 0 && (
        <QueueChips
          items={items}
          sizeText={sizeMb}
          onCancel={onCancel}
          onRetry={onRetry}
          onRemove={onRemove}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={onRun} disabled={running}>
          <PlayIcon /> Run
        </Button>
        <Button variant="outline" onClick={onStop} disabled={!running}>
          <SquareIcon /> Stop
        </Button>
        <Button variant="ghost" onClick={onClear} disabled={!clearable}>
          <BrushCleaningIcon /> Clear
        </Button>
        <p
          role="status"
          aria-live="polite"
          data-testid="index-status"
          className={cn(
            "ml-auto min-h-5 text-sm tabular-nums",
            status?.tone === "error" ? "font-medium text-destructive" : "text-muted-foreground",
          )}
        >
          {status?.text}
        </p>
      </div>
    </div>
  );
}
