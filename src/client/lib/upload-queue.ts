/**
 * One upload queue for every screen that sends files one by one with progress (S3 Uploader now, Index Manager
 * later). No React and no network in here: the screen passes the function that sends one file (usually
 * `uploadForm` from ./upload), and the queue runs at most `concurrency` of them, tracks progress, cancels, retries
 * and removes. The React binding is components/upload-queue/use-upload-queue.ts.
 *
 * Items wait as "queued" (S3 Uploader) or "ready" (Index Manager), chosen with `waitingStatus`.
 */

import {
  isActive,
  isFinished,
  isWaiting,
  type QueueEvent,
  type QueueItem,
  transition,
  type WaitingStatus,
} from "./upload-state";

export * from "./upload-state";

export interface SendContext {
  signal: AbortSignal;
  /** Fraction sent, 0–1 (xhr.upload.onprogress). */
  onProgress(fraction: number): void;
}

export interface UploadQueueOptions<M, R> {
  send(item: QueueItem<M, R>, ctx: SendContext): Promise<R>;
  /** At most this many sends at once (the spec: 3 for storage). */
  concurrency?: number;
  waitingStatus?: WaitingStatus;
  /** Start sending as soon as files are added (S3 Uploader) or only on start() (Index Manager's Run). */
  autoStart?: boolean;
  /** The text an item keeps when its send fails. */
  errorText?(err: unknown): string;
  canceledText?: string;
  onDone?(item: QueueItem<M, R>): void;
  onError?(item: QueueItem<M, R>, err: unknown): void;
  /**
   * Every item has finished (nothing waiting or in flight) after a run. Not called after stop() or dispose():
   * a stopped run did not finish. Without autoStart the run ends here, so files added later wait for start().
   */
  onIdle?(): void;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === "AbortError";

let nextId = 0;

export class UploadQueue<M = unknown, R = unknown> {
  private items: QueueItem<M, R>[] = [];
  private readonly controllers = new Map<string, AbortController>();
  private readonly listeners = new Set<() => void>();
  private running: boolean;

  constructor(private options: UploadQueueOptions<M, R>) {
    this.running = options.autoStart ?? true;
  }

  /** Swap callbacks (a React screen re-creates them each render); the queue's items are kept. */
  setOptions(options: UploadQueueOptions<M, R>) {
    this.options = options;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The current items; a new array after every change (useSyncExternalStore compares by identity). */
  getSnapshot = () => this.items;

  get(id: string) {
    return this.items.find((i) => i.id === id);
  }

  get concurrency() {
    return Math.max(1, this.options.concurrency ?? 3);
  }

  private get waiting(): WaitingStatus {
    return this.options.waitingStatus ?? "queued";
  }

  private item(file: File, meta: M): QueueItem<M, R> {
    const id = `upload-${++nextId}`;
    return {
      id,
      file,
      name: file.name,
      size: file.size,
      progress: 0,
      status: this.waiting,
      error: null,
      meta,
      result: null,
    };
  }

  add(files: Iterable<File>, meta: M): QueueItem<M, R>[] {
    const added = [...files].map((file) => this.item(file, meta));
    if (!added.length) return added;
    this.items = [...this.items, ...added];
    this.emit();
    this.pump();
    return added;
  }

  /**
   * Files the queue will not send (e.g. not PDFs): listed as failed with `reason`, never dropped without a word.
   * Retry sends them anyway, and the server says why it refuses them.
   */
  refuse(files: Iterable<File>, meta: M, reason: string) {
    const refused = [...files].map((file) => ({
      ...this.item(file, meta),
      status: "error" as const,
      error: reason,
    }));
    if (!refused.length) return;
    this.items = [...this.items, ...refused];
    this.emit();
  }

  /** Run the waiting items (the Index Manager's Run); with autoStart this is already the case. */
  start() {
    this.running = true;
    this.pump();
    // A manual run with nothing to send ends at once, so a file added afterwards still waits for start().
    if (!(this.options.autoStart ?? true) && !this.items.some((i) => i.status === "uploading"))
      this.running = false;
  }

  /** True between start() and the end of that run (always, with autoStart, until dispose()). */
  get isRunning() {
    return this.running;
  }

  /** Abort everything in flight (→ canceled) and hold the rest until start() (the Index Manager's Stop). */
  stop() {
    this.running = false;
    for (const item of this.items) if (item.status === "uploading") this.cancel(item.id);
  }

  cancel(id: string) {
    this.apply(id, { type: "cancel", error: this.options.canceledText ?? "Canceled" });
    this.controllers.get(id)?.abort();
  }

  /** Put a failed or canceled item back in line, optionally with new meta (the target chosen now). */
  retry(id: string, meta?: M) {
    const item = this.get(id);
    if (!item || !(item.status === "error" || item.status === "canceled")) return;
    this.replace(id, {
      ...transition(item, { type: "retry", waiting: this.waiting }),
      meta: meta ?? item.meta,
    });
    this.pump();
  }

  /** Drop every item that is not being sent right now (the Index Manager's Clear). */
  clear() {
    const kept = this.items.filter((i) => i.status === "uploading");
    if (kept.length === this.items.length) return;
    this.items = kept;
    this.emit();
  }

  remove(id: string) {
    this.controllers.get(id)?.abort();
    this.items = this.items.filter((i) => i.id !== id);
    this.emit();
    this.pump();
  }

  /** Drop the items that have finished (done, error, canceled); waiting and uploading ones stay. */
  clearFinished() {
    const kept = this.items.filter((i) => !isFinished(i.status));
    if (kept.length === this.items.length) return;
    this.items = kept;
    this.emit();
  }

  /** The screen is leaving: cancel everything still waiting or in flight, and start nothing more. */
  dispose() {
    this.running = false;
    for (const item of this.items) if (isActive(item.status)) this.cancel(item.id);
  }

  private pump() {
    if (!this.running) return;
    let inFlight = this.items.filter((i) => i.status === "uploading").length;
    for (const item of this.items) {
      if (inFlight >= this.concurrency) break;
      if (!isWaiting(item.status)) continue;
      inFlight++;
      void this.run(item.id);
    }
  }

  private async run(id: string) {
    const started = this.apply(id, { type: "start" });
    if (started?.status !== "uploading") return;
    const controller = new AbortController();
    this.controllers.set(id, controller);
    try {
      const result = await this.options.send(started, {
        signal: controller.signal,
        onProgress: (fraction) => this.apply(id, { type: "progress", fraction }),
      });
      const done = this.apply(id, { type: "succeed", result });
      if (done?.status === "done") this.options.onDone?.(done);
    } catch (err) {
      if (controller.signal.aborted || isAbort(err)) {
        // Aborted by cancel/stop/remove: the item already says so (or is gone).
        this.apply(id, { type: "cancel", error: this.options.canceledText ?? "Canceled" });
      } else {
        const failed = this.apply(id, { type: "fail", error: this.errorText(err) });
        if (failed?.status === "error") this.options.onError?.(failed, err);
      }
    } finally {
      this.controllers.delete(id);
      this.pump();
      if (this.running && !this.items.some((i) => i.status === "uploading" || isWaiting(i.status))) {
        if (!(this.options.autoStart ?? true)) this.running = false;
        this.options.onIdle?.();
      }
    }
  }

  private errorText(err: unknown) {
    if (this.options.errorText) return this.options.errorText(err);
    return err instanceof Error && err.message ? err.message : "Upload failed";
  }

  /** Apply an event to one item; returns the item afterwards (undefined when it was removed). */
  private apply(id: string, event: QueueEvent<R>): QueueItem<M, R> | undefined {
    const item = this.get(id);
    if (!item) return undefined;
    const next = transition(item, event);
    if (next !== item) this.replace(id, next);
    return next;
  }

  private replace(id: string, next: QueueItem<M, R>) {
    this.items = this.items.map((i) => (i.id === id ? next : i));
    this.emit();
  }

  private emit() {
    for (const l of this.listeners) l();
  }
}
