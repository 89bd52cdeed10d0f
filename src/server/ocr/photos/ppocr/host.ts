import { availableParallelism, setPriority } from "node:os";
import type { Subprocess } from "bun";
import { AppError } from "../../../lib/errors";
import type { Logger } from "../../../lib/logger";
import { watchMemory } from "../../../lib/memory-watch";
import type { PhotoReading, ReadReply } from "./protocol";

/**
 * The photo readers: a fixed number of child processes (process.ts), each holding the PP-OCRv4 models and
 * reading one image at a time on one core. Started ahead of need (`warm`) and kept, because loading the models
 * costs about a second. Images queue (bounded) for a free process. A process that crashes is ended and replaced,
 * its image answered with a 503 at once, never left hanging. One that reads a photo longer than the time limit,
 * or past its memory ceiling, is killed and replaced too, and the photo answered with a 422 that says so: that
 * photo costs too much, and sending it again would cost as much.
 */

export interface PhotoReader {
  read(bytes: Uint8Array, maxPixels: number): Promise<PhotoReading>;
  /** Start every process now (server start, benchmarks) rather than on the first image. */
  warm(): Promise<void>;
  stats(): { size: number; workers: number; busy: number; queued: number; pids: number[] };
  /** Refuse new images, fail queued ones, let running ones finish, then end the processes. */
  terminate(): Promise<void>;
}

export interface PhotoReaderOptions {
  size: number;
  log: Logger;
  /** Threads each process's inference uses; size × threads should not pass the cores. */
  threads?: number;
  /** Images waiting beyond this are refused with 503 (protects memory under a burst). */
  maxQueue?: number;
  /** An image read longer than this fails with 422 and its process is replaced. */
  timeoutMs?: number;
  /** A process whose memory passes this while it reads is killed; the image fails with 422. */
  memoryBytes?: number;
}

/**
 * How many processes, and threads each: never more inferences at once than cores. One process using every core
 * by default: one image is read fastest that way, and one set of models is half the memory of two.
 */
export function photoReaderShape(processes = 1, cores = availableParallelism()) {
  const size = Math.max(1, Math.min(processes, cores));
  return { size, threads: Math.max(1, Math.floor(cores / size)) };
}

interface Job {
  bytes: Uint8Array;
  maxPixels: number;
  resolve(r: PhotoReading): void;
  reject(e: unknown): void;
}

const ENTRY = new URL("./process.ts", import.meta.url).pathname;
/** Below the server's priority: a request always goes before an image. */
const NICENESS = 10;

const unavailable = (message: string) => new AppError("SERVICE_UNAVAILABLE", message);
const MESSAGES = {
  busy: "The text reader is busy. Please try again in a moment.",
  closed: "The text reader is shutting down.",
  start: "The text reader could not start. Please try again in a moment.",
  crashed: "The text reader stopped while reading this image. Please try again.",
};
const MB = 1024 * 1024;
/** What the photo costs, in words a person can act on: the same photo would cost as much again. */
export const photoCostMessages = {
  slow: (ms: number) =>
    `The photo took more than ${formatSeconds(ms)} to read and was stopped. Crop it to the part with the work orders (or take it closer) and send it again.`,
  memory: (bytes: number) =>
    `The photo needed more than ${Math.round(bytes / MB)} MB of memory to read and was stopped. Crop it to the part with the work orders, or send a smaller photo.`,
};
const formatSeconds = (ms: number) => {
  const s = Math.round(ms / 100) / 10;
  return `${s} second${s === 1 ? "" : "s"}`;
};
const tooCostly = (message: string) => new AppError("UNPROCESSABLE_CONTENT", message);

/** One reading process: "starting" until its models load, then reads one image at a time. */
class Worker {
  readonly proc: Subprocess<"ignore", "inherit", "inherit">;
  started = false;
  job: Job | null = null;
  private id = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private unwatch: (() => void) | null = null;
  private dead = false;

  constructor(
    threads: number,
    private readonly timeoutMs: number,
    private readonly memoryBytes: number,
    private readonly events: { free(w: Worker): void; gone(w: Worker, err: AppError): void },
  ) {
    this.proc = Bun.spawn([process.execPath, ENTRY, String(threads)], {
      // One malloc arena: glibc gives each inference thread its own, and what one image's tensors freed stays
      // held in them (about 100 MB more at the peak).
      env: { ...process.env, MALLOC_ARENA_MAX: "1" },
      stdio: ["ignore", "inherit", "inherit"],
      serialization: "advanced",
      ipc: (reply: ReadReply) => this.receive(reply),
      onExit: () => this.gone(unavailable(this.job ? MESSAGES.crashed : MESSAGES.start)),
    });
    try {
      setPriority(this.proc.pid, NICENESS);
    } catch {} // not permitted here: it runs at the server's priority
  }

  get free() {
    return this.started && !this.dead && !this.job;
  }

  run(job: Job) {
    this.job = job;
    this.id++;
    this.timer = setTimeout(() => this.stop(photoCostMessages.slow(this.timeoutMs)), this.timeoutMs);
    // Watched only while it reads: the models alone are most of an idle process, and that is not the photo's.
    this.unwatch = watchMemory(
      this.proc.pid,
      () => this.memoryBytes,
      () => this.stop(photoCostMessages.memory(this.memoryBytes)),
    );
    this.proc.send({ id: this.id, bytes: job.bytes, maxPixels: job.maxPixels });
  }

  kill() {
    this.proc.kill("SIGKILL");
  }

  /** The photo in hand costs too much: it is answered with `message` (422) and the process ended. */
  private stop(message: string) {
    this.gone(tooCostly(message));
    this.kill();
  }

  private receive(reply: ReadReply) {
    if ("ready" in reply) {
      this.started = true;
      return this.events.free(this);
    }
    const job = this.job;
    if (!job || reply.id !== this.id) return;
    this.settle();
    if (reply.ok) job.resolve(reply.value);
    else job.reject(new AppError("UNPROCESSABLE_CONTENT", unreadableMessage(reply.kind)));
    this.events.free(this);
  }

  private settle() {
    if (this.timer) clearTimeout(this.timer);
    this.unwatch?.();
    this.timer = null;
    this.unwatch = null;
    this.job = null;
  }

  /** Ended (crashed, killed, or exited): the image it held fails with `err`, once. */
  private gone(err: AppError) {
    if (this.dead) return;
    this.dead = true;
    const job = this.job;
    this.settle();
    job?.reject(err);
    this.events.gone(this, err);
  }
}

const unreadableMessage = (kind: "unreadable" | "failed") =>
  kind === "unreadable"
    ? "The image could not be decoded: the file is damaged or cut short."
    : "The image could not be read.";

/** Resolves when `done()` holds, checked now and each time `waiting`'s checks are called. */
function waitUntil(waiting: Set<() => void>, done: () => boolean): Promise<void> {
  return new Promise<void>((resolve) => {
    const check = () => {
      if (!done()) return;
      waiting.delete(check);
      resolve();
    };
    waiting.add(check);
    check();
  });
}

export function createPhotoReader(opts: PhotoReaderOptions): PhotoReader {
  const size = Math.max(1, Math.floor(opts.size));
  const maxQueue = opts.maxQueue ?? 50;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const memoryBytes = opts.memoryBytes ?? 1024 * MB;
  const threads = Math.max(1, Math.floor(opts.threads ?? 1));
  const workers: Worker[] = [];
  const queue: Job[] = [];
  const waiting = new Set<() => void>();
  let closed = false;

  const events = {
    free: () => {
      pump();
      for (const wake of waiting) wake();
    },
    gone: (w: Worker, err: AppError) => {
      workers.splice(workers.indexOf(w), 1);
      for (const wake of waiting) wake();
      if (closed) return;
      opts.log.warn("photo reader process ended", { reason: err.message });
      // One that never started will not start on a retry either: fail the queue rather than loop.
      if (!w.started) for (const job of queue.splice(0)) job.reject(err);
      // Kept warm: a replacement starts now, not on the next image.
      else spawn();
      pump();
    },
  };

  const spawn = () => workers.push(new Worker(threads, timeoutMs, memoryBytes, events));

  function pump() {
    while (queue.length && !closed) {
      const free = workers.find((w) => w.free);
      if (!free) {
        if (workers.length < size) spawn();
        return;
      }
      free.run(queue.shift()!);
    }
  }

  /** Resolves when `done()` holds, re-checked whenever a process frees up or ends. */
  const until = (done: () => boolean) => waitUntil(waiting, done);

  return {
    read(bytes, maxPixels) {
      if (closed) return Promise.reject(unavailable(MESSAGES.closed));
      if (queue.length >= maxQueue) return Promise.reject(unavailable(MESSAGES.busy));
      return new Promise<PhotoReading>((resolve, reject) => {
        queue.push({ bytes, maxPixels, resolve, reject });
        pump();
      });
    },
    async warm() {
      while (workers.length < size) spawn();
      await until(() => workers.every((w) => w.started) || workers.length < size);
      if (workers.length < size) throw unavailable(MESSAGES.start);
    },
    stats: () => ({
      size,
      workers: workers.length,
      busy: workers.filter((w) => w.job).length,
      queued: queue.length,
      pids: workers.map((w) => w.proc.pid),
    }),
    async terminate() {
      if (closed) return;
      closed = true;
      for (const job of queue.splice(0)) job.reject(unavailable(MESSAGES.closed));
      await Promise.race([until(() => !workers.some((w) => w.job)), Bun.sleep(timeoutMs)]);
      for (const w of workers.splice(0)) w.kill();
    },
  };
}
