import { EventEmitter } from "node:events";
import { hostname } from "node:os";
import type { Db, DbOrTx } from "../db/client";
import { AppError, notFound, outageError } from "../lib/errors";
import type { Logger } from "../lib/logger";
import { type Chore, createHousekeeping } from "./housekeeping";
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
  /** What earlier attempts of this job noted (empty on a first attempt). */
  checkpoint: Record<string, unknown>;
  /** Persist facts for a later attempt or the clean-up (merged into the checkpoint). Throws when the lease is lost. */
  note(patch: Record<string, unknown>): Promise<void>;
}
/** The outcome of a job; `ok: false` fails it with `error` (a reason written for a person). */
export interface JobOutcome extends Record<string, unknown> {
  ok: boolean;
  error?: string;
}
export type JobHandler = (ctx: JobContext) => Promise<JobOutcome>;
/**
 * Undo what a job that will never finish left behind (a staging copy, a file not yet committed). Runs once, in
 * the process that failed the job: after a failed last attempt, or for a job whose process died on its last
 * attempt. `job.result` is the job's checkpoint. Must be safe to run on a job that cleaned up after itself.
 */
export type JobCleanup = (job: JobRow) => Promise<void>;

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
  /** Look for work now rather than at the next poll (another process queued a job). */
  poke(): void;
  /** Graceful: stop claiming, abort running jobs and hand them back to the queue for the next worker. */
  stop(): Promise<void>;
  /**
   * Tests: vanish like a killed process (no more writes; leases are left to expire). Resolves once the handlers
   * it was running have returned, so a test can check what their late work did (nothing, it must be).
   */
  kill(): Promise<void>;
}

export interface WorkerOptions {
  db: Db;
  log: Logger;
  handlers: Partial<Record<JobKind, JobHandler>>;
  cleanups?: Partial<Record<JobKind, JobCleanup>>;
  /**
   * Queue and follow jobs but never claim one (the HTTP-only processes of WEB_CONCURRENCY: the primary process
   * runs the jobs). `onEnqueue` tells whoever runs them that there is work.
   */
  passive?: boolean;
  onEnqueue?: (id: number) => void;
  concurrency?: number;
  leaseMs?: number;
  pollMs?: number;
  /** The pause before a failed job's second attempt; it doubles for each later one (at most RETRY_MAX_MS). */
  retryBaseMs?: number;
  /** Chores the runner does between polls (only a runner that claims jobs: one per database's primary). */
  chores?: readonly Chore[];
  /**
   * The clock leases are taken, renewed and judged expired by (Date.now unless given): a test gives a later
   * worker a clock a lease ahead, to stand for the time a dead worker's lease takes to run out.
   */
  now?: () => number;
}

const RETRY_MAX_MS = 60_000;

export function createJobRunner(opts: WorkerOptions): JobRunner {
  const { db, log } = opts;
  const concurrency = opts.concurrency ?? 1;
  const leaseMs = opts.leaseMs ?? 60_000;
  const pollMs = opts.pollMs ?? 2_000;
  const retryBaseMs = opts.retryBaseMs ?? 2_000;
  const now = opts.now ?? Date.now;
  const owner = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  const events = new EventEmitter().setMaxListeners(0);
  const running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let state: "idle" | "started" | "stopped" | "dead" = "idle";
  let polling = false;
  const housekeeping = createHousekeeping(opts.chores ?? [], log);

  const alive = () => state === "started";

  async function poll() {
    if (polling || !alive()) return;
    polling = true;
    try {
      const orphans = await queue.releaseOrphans(db, hostname(), queue.processAlive, now());
      if (orphans) log.warn("jobs of a stopped process resumed", { jobs: orphans });
      for (const job of await queue.failAbandoned(db, now())) {
        log.warn("job abandoned", { id: job.id, kind: job.kind, attempts: job.attempts });
        await cleanUp(job);
      }
      while (alive() && running.size < concurrency) {
        const job = await queue.claim(db, owner, leaseMs, now());
        if (!job) break;
        run(job);
      }
      void housekeeping();
    } catch (err) {
      log.error("job poll failed", { err });
    } finally {
      polling = false;
    }
  }

  async function cleanUp(job: JobRow) {
    const cleanup = opts.cleanups?.[job.kind as JobKind];
    if (!cleanup) return;
    try {
      await cleanup(job);
    } catch (err) {
      log.error("job clean-up failed", { id: job.id, kind: job.kind, err });
    }
  }

  function run(job: JobRow) {
    const abort = new AbortController();
    const resumed = job.attempts > 1;
    // The checkpoint as this process knows it (the row's `result` while the job runs).
    const checkpoint: Record<string, unknown> = { ...(job.result ?? {}) };
    const renewal = setInterval(async () => {
      if (!alive()) return;
      const ok = await queue.renew(db, job.id, owner, leaseMs, now()).catch(() => false);
      if (!ok) abort.abort(new queue.LeaseLostError(job.id));
    }, leaseMs / 3);
    const ctx: JobContext = {
      job,
      signal: abort.signal,
      resumed,
      checkpoint: { ...checkpoint },
      async note(patch) {
        if (!alive() || !(await queue.note(db, job.id, owner, patch))) {
          throw new queue.LeaseLostError(job.id);
        }
        Object.assign(checkpoint, patch);
      },
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
        await end(job, outcome.ok ? "done" : "failed", outcome.error, outcome, checkpoint);
      } catch (err) {
        if (err instanceof queue.LeaseLostError || !alive()) return; // someone else owns it now, or we stopped
        // A person-facing failure ends the job; anything else may be transient: retry while attempts remain.
        // A full disk or an unreachable store keeps its sentence, so whoever reads the job knows what to do.
        const outage = outageError(err);
        const message =
          err instanceof AppError ? err.message : (outage?.message ?? "The job failed unexpectedly.");
        (outage ? log.warn : log.error)("job failed", {
          id: job.id,
          kind: job.kind,
          attempt: job.attempts,
          err,
        });
        if (!(err instanceof AppError) && job.attempts < job.maxAttempts) {
          // A pause before the next attempt, longer each time, so a store that is down for a moment does not use
          // up every attempt within milliseconds.
          const waitMs = Math.min(RETRY_MAX_MS, retryBaseMs * 2 ** (job.attempts - 1));
          await ctx
            .step(`Attempt ${job.attempts} failed: ${message} Trying again in ${Math.ceil(waitMs / 1000)} s.`)
            .catch(() => {});
          await queue.release(db, job.id, owner, { retryAfterMs: waitMs, now: now() }).catch(() => {});
        } else {
          await ctx.step(`Failed: ${message}`).catch(() => {});
          // When the outage is the database itself, the job cannot be marked either: it stays leased, and the next
          // claim after the lease finds it (or fails it as abandoned on its last attempt).
          await end(job, "failed", message, { ok: false, error: message }, checkpoint).catch((e) =>
            log.warn("job end not recorded", { id: job.id, err: e }),
          );
        }
      } finally {
        clearInterval(renewal);
        running.delete(job.id);
        if (alive()) void poll();
      }
    })();
    running.set(job.id, { abort, done });
  }

  async function end(
    job: JobRow,
    status: "done" | "failed",
    error: string | undefined,
    result: JobOutcome,
    checkpoint: Record<string, unknown>,
  ) {
    if (!alive()) return;
    // `worker`: which process ran it to its end (the lease owner is cleared).
    if (
      await queue.finish(db, job.id, owner, {
        status,
        error: error ?? null,
        result: { ...result, worker: owner },
      })
    ) {
      if (status === "failed") await cleanUp({ ...job, result: checkpoint });
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
      if (opts.passive) opts.onEnqueue?.(id);
      else if (state === "idle") this.start();
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
    poke() {
      void poll();
    },
    start() {
      if (state !== "idle" || opts.passive) return;
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
      for (const [id] of jobs)
        await queue.release(db, id, owner, { refund: true, now: now() }).catch(() => {});
    },
    async kill() {
      state = "dead";
      if (timer) clearInterval(timer);
      const jobs = [...running.values()];
      for (const r of jobs) r.abort.abort(new Error("killed"));
      await Promise.allSettled(jobs.map((r) => r.done));
    },
  };
}
