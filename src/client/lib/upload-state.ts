/**
 * The upload queue's item and its state machine (see ./upload-queue for the queue that drives it).
 *
 * Status vocabulary is the union of the spec's two queues: the S3 Uploader's items wait as "queued", the Index
 * Manager's as "ready"; both then go uploading → done | error, and a cancel gives "canceled".
 */

export type UploadStatus = "queued" | "ready" | "uploading" | "done" | "error" | "canceled";
export type WaitingStatus = Extract<UploadStatus, "queued" | "ready">;

export interface QueueItem<M = unknown, R = unknown> {
  id: string;
  file: File;
  name: string;
  size: number;
  /** Whole percent, 0–100. */
  progress: number;
  status: UploadStatus;
  /** Why it failed or "Canceled"; null otherwise. */
  error: string | null;
  /** What the caller attached when adding it (e.g. the target folder chosen at that moment). */
  meta: M;
  /** What the send function returned (e.g. the stored key and link). */
  result: R | null;
}

export type QueueEvent<R> =
  | { type: "start" }
  | { type: "progress"; fraction: number }
  | { type: "succeed"; result: R }
  | { type: "fail"; error: string }
  | { type: "cancel"; error: string }
  | { type: "retry"; waiting: WaitingStatus };

const WAITING: ReadonlySet<UploadStatus> = new Set(["queued", "ready"]);
export const isWaiting = (s: UploadStatus) => WAITING.has(s);
export const isFinished = (s: UploadStatus) => s === "done" || s === "error" || s === "canceled";
export const isActive = (s: UploadStatus) => s === "uploading" || isWaiting(s);

/**
 * The item state machine. An event that does not apply to the current status returns the same object, so a late
 * progress or answer from an aborted request can never bring a canceled item back.
 */
export function transition<M, R>(item: QueueItem<M, R>, event: QueueEvent<R>): QueueItem<M, R> {
  switch (event.type) {
    case "start":
      return isWaiting(item.status) ? { ...item, status: "uploading", progress: 0, error: null } : item;
    case "progress": {
      if (item.status !== "uploading") return item;
      // 100 is kept for "done": a fully sent file may still be processed by the server.
      const progress = Math.min(99, Math.max(0, Math.floor(event.fraction * 100)));
      return progress === item.progress ? item : { ...item, progress };
    }
    case "succeed":
      return item.status === "uploading"
        ? { ...item, status: "done", progress: 100, result: event.result, error: null }
        : item;
    case "fail":
      return item.status === "uploading" ? { ...item, status: "error", error: event.error } : item;
    case "cancel":
      return isActive(item.status) ? { ...item, status: "canceled", error: event.error } : item;
    case "retry":
      return item.status === "error" || item.status === "canceled"
        ? { ...item, status: event.waiting, progress: 0, error: null, result: null }
        : item;
  }
}
