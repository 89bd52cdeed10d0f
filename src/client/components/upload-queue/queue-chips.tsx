import { formatSize } from "@shared/storage";
import {
  CheckCircle2Icon,
  CircleAlertIcon,
  FileTextIcon,
  LoaderCircleIcon,
  RotateCwIcon,
  XIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import type { QueueItem, UploadStatus } from "@/lib/upload-queue";
import { cn } from "@/lib/utils";

/** The words shown for each status; a screen may rename them (the spec shows the raw status names). */
export const DEFAULT_STATUS_LABELS: Record<UploadStatus, string> = {
  queued: "queued",
  ready: "ready",
  uploading: "uploading",
  done: "done",
  error: "error",
  canceled: "canceled",
};

const BAR: Record<UploadStatus, string> = {
  queued: "bg-muted-foreground/30",
  ready: "bg-muted-foreground/30",
  uploading: "bg-primary",
  done: "bg-success",
  error: "bg-destructive",
  canceled: "bg-muted-foreground/50",
};

function StatusIcon({ status }: { status: UploadStatus }) {
  if (status === "uploading") return <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden />;
  if (status === "done") return <CheckCircle2Icon className="size-3.5 text-success" aria-hidden />;
  if (status === "error") return <CircleAlertIcon className="size-3.5 text-destructive" aria-hidden />;
  return null;
}

/**
 * One chip per queued file: name, a progress bar with the percent, the status (and why it failed), and
 * Cancel / Retry / Remove as they apply. `detail` adds a line per item (e.g. where the file goes).
 */
export function QueueChips<M, R>({
  items,
  onCancel,
  onRetry,
  onRemove,
  labels = DEFAULT_STATUS_LABELS,
  sizeText = formatSize,
  detail,
  className,
}: {
  items: readonly QueueItem<M, R>[];
  onCancel(id: string): void;
  onRetry(id: string): void;
  onRemove(id: string): void;
  labels?: Record<UploadStatus, string>;
  /** How a file size reads (the storage format by default; the Index Manager shows MB with two decimals). */
  sizeText?(bytes: number): string;
  detail?(item: QueueItem<M, R>): ReactNode;
  className?: string;
}) {
  if (!items.length) return null;
  return (
    <ul className={cn("flex flex-wrap gap-2", className)} aria-label="Upload queue">
      {items.map((item) => {
        const sending = item.status === "uploading";
        return (
          <li
            key={item.id}
            data-status={item.status}
            aria-label={`${item.name}: ${labels[item.status]}`}
            className="w-72 max-w-full rounded-lg border bg-card px-3 py-2 text-sm shadow-xs"
          >
            <div className="flex items-center gap-2">
              <FileTextIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate font-medium" title={item.name}>
                {item.name}
              </span>
              <ChipActions item={item} onCancel={onCancel} onRetry={onRetry} onRemove={onRemove} />
            </div>
            <Progress
              label={`${item.name} upload progress`}
              value={item.progress}
              className="mt-1.5"
              barClassName={cn(
                BAR[item.status],
                (item.status === "error" || item.status === "canceled") && "w-full!",
              )}
            />
            <div className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
              <StatusIcon status={item.status} />
              <span className={cn(item.status === "error" && "text-destructive")}>
                {labels[item.status]}
                {sending && ` ${item.progress}%`}
              </span>
              <span className="ml-auto tabular-nums">{sizeText(item.size)}</span>
            </div>
            {item.error && item.status === "error" && (
              <p className="mt-1 text-xs break-words text-destructive">{item.error}</p>
            )}
            {detail?.(item)}
          </li>
        );
      })}
    </ul>
  );
}

/** Cancel while the file is waiting or going; once it stopped, Retry (if it failed or was canceled) and Remove. */
function ChipActions<M, R>({
  item,
  onCancel,
  onRetry,
  onRemove,
}: {
  item: QueueItem<M, R>;
  onCancel(id: string): void;
  onRetry(id: string): void;
  onRemove(id: string): void;
}) {
  const active = item.status === "uploading" || item.status === "queued" || item.status === "ready";
  if (active) {
    return (
      <Button
        size="icon-sm"
        variant="ghost"
        className="size-6"
        aria-label={`Cancel ${item.name}`}
        onClick={() => onCancel(item.id)}
      >
        <XIcon />
      </Button>
    );
  }
  return (
    <>
      {(item.status === "error" || item.status === "canceled") && (
        <Button
          size="icon-sm"
          variant="ghost"
          className="size-6"
          aria-label={`Retry ${item.name}`}
          onClick={() => onRetry(item.id)}
        >
          <RotateCwIcon />
        </Button>
      )}
      <Button
        size="icon-sm"
        variant="ghost"
        className="size-6"
        aria-label={`Remove ${item.name} from the queue`}
        onClick={() => onRemove(item.id)}
      >
        <XIcon />
      </Button>
    </>
  );
}
