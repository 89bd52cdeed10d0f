import { EventEmitter } from "node:events";
import { hostname } from "node:os";
import type { Db, DbOrTx } from "../db/client";
import { AppError, notFound } from "../lib/errors";
import type { Logger } from "../lib/logger";
import type { JobKind, JobRow } from "./queue";
import * as queue from "./queue";

export interface JobContext {
  job: JobRow;
  /** Record a step: persisted in the job row, then announced in-process. Throws when the lease is lost. */
  step(text: string): Promise<void>;
  /** Inside the transaction that commits the job's work: throws unless this worker still holds the job. */
  fence(tx: DbOrTx): Promise<void>;
  /** Aborted when the worker stops or loses the lease; long work checks it between stages. */
  signal: AbortSignal;
  /** A previous attempt was interrupted (the work must be safe to run again). */
  resumed: boolean;
}
/** The outcome of a job; `ok: false` fails it with `error` (a reason written for a person). */
export interface JobOutcome extends Record<string, unknown> {
  ok: boolean;
  error?: string;
}
export type JobHandler = (ctx: JobContext) => Promise<JobOutcome>;

export type JobEvent = { type: "step"; step: string } | { type: "end"; status: "done" | "failed" };

export interface JobRunner {
  /** In-process announcements, keyed `job:<id>` (the row is the truth; this only saves a poll). */
  readonly events: EventEmitter;
  readonly owner: string;
  enqueue(kind: JobKind, payload: Record<string, unknown>, opts?: { maxAttempts?: number }): Promise<number>;
  /** Steps as they are recorded, then the finished row; follows jobs run by other processes by polling. */
  watch(id: number): AsyncGenerator<string, JobRow>;
  wait(id: number): Promise<JobRow>;
  start(): void;
  /** Graceful: stop claiming, abort running jobs and hand them back to the queue for the next worker. */
  stop(): Promise<void>;
  /** Tests: vanish like a killed process (no more writes; leases are left to expire). */
  kill(): void;
}

export interface WorkerOptions {
  db: Db;
  log: Logger;
  handlers: Partial<Record<JobKind, JobHandler>>;
  concurrency?: number;
  leaseMs?: number;
  pollMs?: number;
}

export function createJobRunner(opts: WorkerOptions): JobRunner {
  const { db, log } = opts;
  const concurrency = opts.concurrency ?? 1;
  const leaseMs = opts.leaseMs ?? 60_000;
  const pollMs = opts.pollMs ?? 2_000;
  const owner = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const events = new EventEmitter().setMaxListeners(0);
  const running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let state: "idle" | "started" | "stopped" | "dead" = "idle";
  let polling = false;

  const alive = () => state === "started";

  async function poll() {
    if (polling || !alive()) return;
    polling = true;
    try {
      await queue.failAbandoned(db);
      while (alive() && running.size < concurrency) {
        const job = await queue.claim(db, owner, leaseMs);
        if (!job) break;
        run(job);
      }
    } catch (err) {
      log.error("job poll failed", { err });
    } finally {
      polling = false;
    }
  }

  function run(job: JobRow) {
    const abort = new AbortController();
    const resumed = job.attempts > 1;
    const renewal = setInterval(async () => {
      if (!alive()) return;
      const ok = await queue.renew(db, job.id, owner, leaseMs).catch(() => false);
      if (!ok) abort.abort(new queue.LeaseLostError(job.id));
    }, leaseMs / 3);
    const ctx: JobContext = {
      job,
      signal: abort.signal,
      resumed,
      async step(text) {
        if (!alive() || !(await queue.appendStep(db, job.id, owner, text))) {
          throw new queue.LeaseLostError(job.id);
        }
        events.emit(`job:${job.id}`, { type: "step", step: text } satisfies JobEvent);
      },
      fence: (tx) =>
        alive() ? queue.fence(tx, job.id, owner) : Promise.reject(new queue.LeaseLostError(job.id)),
    };
    const done = (async () => {
      const handler = opts.handlers[job.kind as JobKind];
      try {
        if (!handler) throw new AppError("BAD_REQUEST", `No handler for jobs of kind ${job.kind}.`);
        if (resumed)
          await ctx.step(`Resumed after an interruption (attempt ${job.attempts} of ${job.maxAttempts}).`);
        const outcome = await handler(ctx);
        await end(job, outcome.ok ? "done" : "failed", outcome.error, outcome);
      } catch (err) {
        if (err instanceof queue.LeaseLostError || !alive()) return; // someone else owns it now, or we stopped
        // A person-facing failure ends the job; anything else may be transient: retry while attempts remain.
        const message = err instanceof AppError ? err.message : "The job failed unexpectedly.";
        log.error("job failed", { id: job.id, kind: job.kind, err });
        if (!(err instanceof AppError) && job.attempts < job.maxAttempts) {
          await queue.release(db, job.id, owner).catch(() => {});
        } else {
          await ctx.step(`Failed: ${message}`).catch(() => {});
          await end(job, "failed", message, { ok: false, error: message });
        }
      } finally {
        clearInterval(renewal);
        running.delete(job.id);
        if (alive()) void poll();
      }
    })();
    running.set(job.id, { abort, done });
  }

  async function end(job: JobRow, status: "done" | "failed", error: string | undefined, result: JobOutcome) {
    if (!alive()) return;
    if (await queue.finish(db, job.id, owner, { status, error: error ?? null, result })) {
      events.emit(`job:${job.id}`, { type: "end", status } satisfies JobEvent);
    }
  }

  async function* watch(id: number): AsyncGenerator<string, JobRow> {
    let seen = 0;
    for (;;) {
      // Listen before reading, so an event between the read and the wait is not missed.
      let wake!: () => void;
      const woken = new Promise<void>((resolve) => {
        wake = resolve;
      });
      events.once(`job:${id}`, wake);
      const tick = setTimeout(wake, 1000);
      try {
        const row = await queue.getJob(db, id);
        if (!row) throw notFound(`No job ${id}.`);
        while (seen < row.steps.length) yield row.steps[seen++]!;
        if (row.status === "done" || row.status === "failed") return row;
        await woken;
      } finally {
        clearTimeout(tick);
        events.off(`job:${id}`, wake);
      }
    }
  }

  return {
    events,
    owner,
    async enqueue(kind, payload, o) {
      const id = await queue.enqueue(db, kind, payload, o);
      if (state === "idle") this.start();
      else void poll();
      return id;
    },
    watch,
    async wait(id) {
      const it = watch(id);
      for (;;) {
        const r = await it.next();
        if (r.done) return r.value;
      }
    },
    start() {
      if (state !== "idle") return;
      state = "started";
      timer = setInterval(() => void poll(), pollMs);
      timer.unref?.();
      void poll();
    },
    async stop() {
      if (state !== "started") return;
      state = "stopped";
      if (timer) clearInterval(timer);
      const jobs = [...running.entries()];
      for (const [, r] of jobs) r.abort.abort(new Error("The server is stopping."));
      await Promise.allSettled(jobs.map(([, r]) => r.done));
      // Not the job's fault: hand it back without spending an attempt.
      for (const [id] of jobs) await queue.release(db, id, owner, { refund: true }).catch(() => {});
    },
    kill() {
      state = "dead";
      if (timer) clearInterval(timer);
      for (const r of running.values()) r.abort.abort(new Error("killed"));
    },
  };
}
