// ocr/scans/: scanned PDF pages read by tesseract.js (this pool) after preprocess.ts; photos are ocr/photos/.
import { dirname, join } from "node:path";
import type { Worker } from "tesseract.js";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { pageFromTesseract } from "./tesseract-page";

/**
 * A fixed-size pool of tesseract.js workers that read scanned PDF pages (document indexing). A worker costs
 * ~0.4 s and ~100 MB to create, so workers are made
 * lazily on first demand, at most `size` of them, and kept; requests queue (bounded) for a free one. English
 * data comes from the @tesseract.js-data/eng package, so nothing is fetched at run time.
 *
 * Hand-rolled rather than tesseract.js's Scheduler: the Scheduler needs its workers up front and has no queue
 * bound, job timeout or replacement of a stuck worker.
 */

export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface OcrWord {
  text: string;
  /** 0-100 */
  confidence: number;
  bbox: OcrBox;
}
export interface OcrLine {
  text: string;
  confidence: number;
  bbox: OcrBox;
  words: OcrWord[];
}
export interface OcrPage {
  text: string;
  /** Mean confidence of the page (tesseract's own figure, 0-100). */
  confidence: number;
  lines: OcrLine[];
  words: OcrWord[];
  /** Time spent recognising (not queueing), ms. */
  ms: number;
}

/** Page segmentation: 3 = automatic layout (documents), 6 = one block, 11 = sparse text (labels, photos). */
export type PageSegMode = "3" | "4" | "6" | "11";

export interface RecognizeOptions {
  psm?: PageSegMode;
}

export interface OcrPool {
  /** Read an image file (PNG, JPEG, GIF, BMP, PNM bytes). Queues when every worker is busy. */
  recognize(image: Uint8Array, options?: RecognizeOptions): Promise<OcrPage>;
  /** Create every worker now (startup warm-up, benchmarks) instead of on first use. */
  warm(): Promise<void>;
  stats(): { size: number; workers: number; busy: number; queued: number };
  /** Refuse new work, fail queued jobs, let running ones finish, then end the workers. */
  terminate(): Promise<void>;
}

export interface OcrPoolOptions {
  size: number;
  log: Logger;
  /** Folder holding eng.traineddata(.gz); defaults to the package's 4.0.0_best_int. */
  langPath?: string;
  /** Jobs waiting beyond this are refused with 503 (protects memory under a burst). */
  maxQueue?: number;
  /** A job running longer than this fails and its worker is replaced. */
  timeoutMs?: number;
}

export const DEFAULT_LANG_PATH = join(
  dirname(require.resolve("@tesseract.js-data/eng/package.json")),
  "4.0.0_best_int",
);

interface Slot {
  worker: Worker;
  busy: boolean;
  psm: PageSegMode;
}
interface Job {
  image: Uint8Array;
  options: RecognizeOptions;
  resolve(page: OcrPage): void;
  reject(err: unknown): void;
}

const busyError = () =>
  new AppError("SERVICE_UNAVAILABLE", "The text reader is busy. Please try again in a moment.");
const closedError = () => new AppError("SERVICE_UNAVAILABLE", "The text reader is shutting down.");
const unreadable = () => new AppError("UNPROCESSABLE_CONTENT", "The image could not be read.");

/** Every queued job fails, each with its own error; the queue is left empty. */
function failAll(queue: Job[], error: () => AppError) {
  for (const job of queue.splice(0)) job.reject(error());
}

export function createOcrPool(opts: OcrPoolOptions): OcrPool {
  const size = Math.max(1, Math.floor(opts.size));
  const maxQueue = opts.maxQueue ?? 50;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const workers = createWorkers(size, opts.langPath ?? DEFAULT_LANG_PATH, opts.log);
  const queue: Job[] = [];
  let closed = false;
  const running = new Set<Promise<unknown>>();

  function pump() {
    while (queue.length && !closed) {
      const slot = workers.free();
      if (!slot) {
        if (!workers.full()) grow();
        return;
      }
      run(slot, queue.shift()!);
    }
  }

  function grow() {
    workers.grow(
      (slot) => {
        if (closed) return void slot.worker.terminate();
        workers.slots.push(slot);
        pump();
      },
      (err) => {
        opts.log.error("ocr worker failed to start", { err });
        // Without any worker the queue would wait forever: fail it.
        if (workers.none())
          failAll(queue, () => new AppError("SERVICE_UNAVAILABLE", "The text reader could not start."));
      },
    );
  }

  function run(slot: Slot, job: Job) {
    slot.busy = true;
    const settled = recognizeOn(slot, job, timeoutMs).then(
      (page) => {
        slot.busy = false;
        job.resolve(page);
      },
      (err) => {
        // A worker that failed or hung may be in any state: replace it rather than reuse it.
        workers.drop(slot);
        opts.log.warn("ocr job failed; worker replaced", { err });
        job.reject(err instanceof AppError ? err : unreadable());
      },
    );
    running.add(settled);
    void settled.finally(() => {
      running.delete(settled);
      pump();
    });
  }

  return {
    recognize(image, options = {}) {
      if (closed) return Promise.reject(closedError());
      if (queue.length >= maxQueue) return Promise.reject(busyError());
      return new Promise<OcrPage>((resolve, reject) => {
        queue.push({ image, options, resolve, reject });
        pump();
      });
    },
    warm: workers.warm,
    stats: () => ({ size, ...workers.counts(), queued: queue.length }),
    async terminate() {
      if (closed) return;
      closed = true;
      failAll(queue, closedError);
      await Promise.allSettled([...running]);
      await Promise.allSettled(workers.slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}

/** The pool's workers: made on demand (or all at once by warm()), at most `size` of them counting those starting. */
function createWorkers(size: number, langPath: string, log: Logger) {
  const slots: Slot[] = [];
  let creating = 0;
  const spawn = () => spawnWorker(langPath, log);
  return {
    slots,
    /** A worker with no job, if any. */
    free: () => slots.find((s) => !s.busy),
    full: () => slots.length + creating >= size,
    /** No worker, and none starting. */
    none: () => slots.length === 0 && creating === 0,
    counts: () => ({ workers: slots.length, busy: slots.filter((s) => s.busy).length }),
    /** Start one more worker in the background: `ready` gets it, `failed` hears why it did not start. */
    grow(ready: (slot: Slot) => void, failed: (err: unknown) => void) {
      creating++;
      spawn()
        .then((slot) => {
          creating--;
          ready(slot);
        })
        .catch((err) => {
          creating--;
          failed(err);
        });
    },
    async warm() {
      while (slots.length + creating < size) {
        creating++;
        try {
          slots.push(await spawn());
        } finally {
          creating--;
        }
      }
    },
    /** A worker that failed or hung goes (ended, not reused); another is made on demand. */
    drop(slot: Slot) {
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
      void slot.worker.terminate().catch(() => {});
    },
  };
}

/** One tesseract.js worker with English data, set for prepared images, in automatic layout (PSM 3). */
async function spawnWorker(langPath: string, log: Logger): Promise<Slot> {
  const started = performance.now();
  // No `logger` option at all: passing `logger: undefined` crashes the worker (STACK-NOTES).
  const { createWorker } = await import("tesseract.js");
  const worker = await createWorker("eng", 1, { langPath, gzip: true, cacheMethod: "none" });
  // Prepared images carry no trustworthy resolution; without this tesseract guesses one and warns per page.
  // tesseract.js starts in PSM 6 (one block), not tesseract's own 3 (automatic layout) that slots assume.
  await worker.setParameters({ user_defined_dpi: "300", tessedit_pageseg_mode: "3" as never });
  log.info("ocr worker ready", { ms: Math.round(performance.now() - started) });
  return { worker, busy: false, psm: "3" };
}

/** Read the job's image on this worker (switching its page segmentation first when the job asks another). */
async function recognizeOn(slot: Slot, job: Job, timeoutMs: number): Promise<OcrPage> {
  const psm = job.options.psm ?? "3";
  if (slot.psm !== psm) {
    await slot.worker.setParameters({ tessedit_pageseg_mode: psm as never });
    slot.psm = psm;
  }
  const started = performance.now();
  const { data } = await withTimeout(
    slot.worker.recognize(Buffer.from(job.image), {}, { text: true, blocks: true }),
    timeoutMs,
  );
  return pageFromTesseract(data, performance.now() - started);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError("SERVICE_UNAVAILABLE", "Reading the image took too long.")),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
