import type { EventEmitter } from "node:events";
import type { Db, DbOrTx } from "../db/client";
import type { Logger } from "../lib/logger";
import type { Chore } from "./housekeeping";
import type { JobKind, JobRow } from "./queue";

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

/**
 * Told in the transaction that ends a job for good (done, or failed with no attempt left), so what follows from
 * the end (a notice to the person who started it) commits with it; answers what to do once that committed.
 */
export type JobEndHook = (
  tx: DbOrTx,
  job: JobRow,
  end: { status: "done" | "failed"; error: string | null },
) => Promise<(() => void) | undefined>;

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
  onEnd?: JobEndHook;
  /** Chores the runner does between polls (only a runner that claims jobs: one per database's primary). */
  chores?: readonly Chore[];
  /**
   * The clock leases are taken, renewed and judged expired by (Date.now unless given): a test gives a later
   * worker a clock a lease ahead, to stand for the time a dead worker's lease takes to run out.
   */
  now?: () => number;
}
