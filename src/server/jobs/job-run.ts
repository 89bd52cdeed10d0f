import type { EventEmitter } from "node:events";
import type { Db } from "../db/client";
import { AppError, outageError } from "../lib/errors";
import type { Logger } from "../lib/logger";
import type { JobKind, JobRow } from "./queue";
import * as queue from "./queue";
import type { JobContext, JobEvent, JobOutcome, WorkerOptions } from "./types";

const RETRY_MAX_MS = 60_000;

/** What running one job needs from its runner. */
export interface RunDeps {
  db: Db;
  log: Logger;
  /** This process's lease-owner name. */
  owner: string;
  leaseMs: number;
  retryBaseMs: number;
  now: () => number;
  events: EventEmitter;
  /** False once the runner stops or is killed: no more writes. */
  alive: () => boolean;
  handlers: WorkerOptions["handlers"];
  cleanups: WorkerOptions["cleanups"];
  onEnd?: WorkerOptions["onEnd"];
}

/** A job this process is running: abort it, or wait for its handler to return. */
export interface RunningJob {
  abort: AbortController;
  done: Promise<void>;
}

/** Run a job's clean-up, if its kind has one; a failing clean-up is logged, not thrown. */
export async function cleanUpJob(deps: RunDeps, job: JobRow): Promise<void> {
  const cleanup = deps.cleanups?.[job.kind as JobKind];
  if (!cleanup) return;
  try {
    await cleanup(job);
  } catch (err) {
    deps.log.error("job clean-up failed", { id: job.id, kind: job.kind, err });
  }
}

/**
 * Run a claimed job: hold its lease, hand its handler a context, then record the outcome (or the failure).
 * `onSettled` runs once the job is over, whatever happened.
 */
export function runJob(deps: RunDeps, job: JobRow, onSettled: () => void): RunningJob {
  const abort = new AbortController();
  // The checkpoint as this process knows it (the row's `result` while the job runs).
  const checkpoint: Record<string, unknown> = { ...(job.result ?? {}) };
  const renewal = renewLease(deps, job, abort);
  const ctx = createJobContext(deps, job, abort.signal, checkpoint);
  const done = (async () => {
    try {
      await runHandler(deps, ctx, checkpoint);
    } catch (err) {
      if (err instanceof queue.LeaseLostError || !deps.alive()) return; // someone else owns it now, or we stopped
      await recordFailure(deps, ctx, err, checkpoint);
    } finally {
      clearInterval(renewal);
      onSettled();
    }
  })();
  return { abort, done };
}

/** Renew the job's lease every third of its length; a lost lease aborts the job. */
function renewLease(deps: RunDeps, job: JobRow, abort: AbortController): ReturnType<typeof setInterval> {
  const { db, owner, leaseMs, now } = deps;
  return setInterval(async () => {
    if (!deps.alive()) return;
    const ok = await queue.renew(db, job.id, owner, leaseMs, now()).catch(() => false);
    if (!ok) abort.abort(new queue.LeaseLostError(job.id));
  }, leaseMs / 3);
}

/** The context a handler works through: each write checks this worker still holds the job. */
function createJobContext(
  deps: RunDeps,
  job: JobRow,
  signal: AbortSignal,
  checkpoint: Record<string, unknown>,
): JobContext {
  const { db, owner, alive } = deps;
  return {
    job,
    signal,
    resumed: job.attempts > 1,
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
      deps.events.emit(`job:${job.id}`, { type: "step", step: text } satisfies JobEvent);
    },
    fence: (tx) =>
      alive() ? queue.fence(tx, job.id, owner) : Promise.reject(new queue.LeaseLostError(job.id)),
  };
}

/** Call the job kind's handler and record what it returned. */
async function runHandler(
  deps: RunDeps,
  ctx: JobContext,
  checkpoint: Record<string, unknown>,
): Promise<void> {
  const { job } = ctx;
  const handler = deps.handlers[job.kind as JobKind];
  if (!handler) throw new AppError("BAD_REQUEST", `No handler for jobs of kind ${job.kind}.`);
  if (ctx.resumed)
    await ctx.step(`Resumed after an interruption (attempt ${job.attempts} of ${job.maxAttempts}).`);
  const outcome = await handler(ctx);
  await endJob(deps, job, outcome.ok ? "done" : "failed", outcome.error, outcome, checkpoint);
}

/** A handler threw: retry while attempts remain, or fail the job. */
async function recordFailure(
  deps: RunDeps,
  ctx: JobContext,
  err: unknown,
  checkpoint: Record<string, unknown>,
): Promise<void> {
  const { db, log, owner, now } = deps;
  const { job } = ctx;
  // A person-facing failure ends the job; anything else may be transient: retry while attempts remain.
  // A full disk or an unreachable store keeps its sentence, so whoever reads the job knows what to do.
  const outage = outageError(err);
  const message = err instanceof AppError ? err.message : (outage?.message ?? "The job failed unexpectedly.");
  (outage ? log.warn : log.error)("job failed", { id: job.id, kind: job.kind, attempt: job.attempts, err });
  if (!(err instanceof AppError) && job.attempts < job.maxAttempts) {
    // A pause before the next attempt, longer each time, so a store that is down for a moment does not use
    // up every attempt within milliseconds.
    const waitMs = Math.min(RETRY_MAX_MS, deps.retryBaseMs * 2 ** (job.attempts - 1));
    await ctx
      .step(`Attempt ${job.attempts} failed: ${message} Trying again in ${Math.ceil(waitMs / 1000)} s.`)
      .catch(() => {});
    await queue.release(db, job.id, owner, { retryAfterMs: waitMs, now: now() }).catch(() => {});
  } else {
    await ctx.step(`Failed: ${message}`).catch(() => {});
    // When the outage is the database itself, the job cannot be marked either: it stays leased, and the next
    // claim after the lease finds it (or fails it as abandoned on its last attempt).
    await endJob(deps, job, "failed", message, { ok: false, error: message }, checkpoint).catch((e) =>
      log.warn("job end not recorded", { id: job.id, err: e }),
    );
  }
}

/** Mark the job finished; a failed job's clean-up then runs with its checkpoint. */
async function endJob(
  deps: RunDeps,
  job: JobRow,
  status: "done" | "failed",
  error: string | undefined,
  result: JobOutcome,
  checkpoint: Record<string, unknown>,
): Promise<void> {
  if (!deps.alive()) return;
  // `worker`: which process ran it to its end (the lease owner is cleared).
  let after: (() => void) | undefined;
  const onEnd = deps.onEnd;
  const finished = await queue.finish(
    deps.db,
    job.id,
    deps.owner,
    { status, error: error ?? null, result: { ...result, worker: deps.owner } },
    onEnd &&
      (async (tx) => {
        after = await onEnd(tx, job, { status, error: error ?? null });
      }),
  );
  if (finished) {
    after?.();
    if (status === "failed") await cleanUpJob(deps, { ...job, result: checkpoint });
    deps.events.emit(`job:${job.id}`, { type: "end", status } satisfies JobEvent);
  }
}
