import { EventEmitter } from "node:events";
import { hostname } from "node:os";
import { createHousekeeping } from "./housekeeping";
import { cleanUpJob, type RunDeps, type RunningJob, runJob } from "./job-run";
import { lastOf, watchJob } from "./job-watch";
import type { JobRow } from "./queue";
import * as queue from "./queue";
import type { JobRunner, WorkerOptions } from "./types";

export type {
  JobCleanup,
  JobContext,
  JobEvent,
  JobHandler,
  JobOutcome,
  JobRunner,
  WorkerOptions,
} from "./types";

/**
 * Runs queued jobs: polls the queue, claims what there is room for and runs each (./job-run.ts), and follows
 * jobs to their end (./job-watch.ts). A passive runner only queues and follows.
 */
export function createJobRunner(opts: WorkerOptions): JobRunner {
  const concurrency = opts.concurrency ?? 1;
  const pollMs = opts.pollMs ?? 2_000;
  const running = new Map<number, RunningJob>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let state: "idle" | "started" | "stopped" | "dead" = "idle";
  let polling = false;
  let pollAgain = false;
  const deps = runDeps(opts, () => state === "started");
  const housekeeping = createHousekeeping(opts.chores ?? [], opts.log);

  function run(job: JobRow) {
    const settled = () => {
      running.delete(job.id);
      if (deps.alive()) void poll();
    };
    running.set(job.id, runJob(deps, job, settled));
  }

  async function poll() {
    if (!deps.alive()) return;
    // A job enqueued while a look is under way would otherwise wait for the next tick: look once more after it.
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = true;
    try {
      do {
        pollAgain = false;
        await pollOnce(deps, () => running.size < concurrency, run, housekeeping);
      } while (pollAgain && deps.alive());
    } catch (err) {
      opts.log.error("job poll failed", { err });
    } finally {
      polling = false;
    }
  }

  return {
    events: deps.events,
    owner: deps.owner,
    async enqueue(kind, payload, o) {
      const id = await queue.enqueue(opts.db, kind, payload, o);
      if (opts.passive) opts.onEnqueue?.(id);
      else if (state === "idle") this.start();
      else void poll();
      return id;
    },
    watch: (id) => watchJob(opts.db, deps.events, id),
    wait: (id) => lastOf(watchJob(opts.db, deps.events, id)),
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
      const ids = await abortAll(running, new Error("The server is stopping."));
      // Not the job's fault: hand it back without spending an attempt.
      for (const id of ids)
        await queue.release(opts.db, id, deps.owner, { refund: true, now: deps.now() }).catch(() => {});
    },
    async kill() {
      state = "dead";
      if (timer) clearInterval(timer);
      await abortAll(running, new Error("killed"));
    },
  };
}

/** The runner's settings with their defaults, and a fresh owner name and event emitter. */
function runDeps(opts: WorkerOptions, alive: () => boolean): RunDeps {
  return {
    db: opts.db,
    log: opts.log,
    owner: `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`,
    leaseMs: opts.leaseMs ?? 60_000,
    retryBaseMs: opts.retryBaseMs ?? 2_000,
    now: opts.now ?? Date.now,
    events: new EventEmitter().setMaxListeners(0),
    alive,
    handlers: opts.handlers,
    cleanups: opts.cleanups,
    onEnd: opts.onEnd,
  };
}

/**
 * One look at the queue: resume the jobs of a stopped process, fail (and clean up) abandoned ones, claim as
 * many as there is room for, then the chores.
 */
async function pollOnce(
  deps: RunDeps,
  hasRoom: () => boolean,
  run: (job: JobRow) => void,
  housekeeping: () => Promise<void>,
): Promise<void> {
  const { db, log, now } = deps;
  const orphans = await queue.releaseOrphans(db, hostname(), queue.processAlive, now());
  if (orphans) log.warn("jobs of a stopped process resumed", { jobs: orphans });
  const after: (() => void)[] = [];
  const onEnd = deps.onEnd;
  const abandoned = await queue.failAbandoned(
    db,
    now(),
    onEnd &&
      (async (tx, failed) => {
        for (const job of failed) {
          const then = await onEnd(tx, job, { status: "failed", error: job.error });
          if (then) after.push(then);
        }
      }),
  );
  for (const then of after) then();
  for (const job of abandoned) {
    log.warn("job abandoned", { id: job.id, kind: job.kind, attempts: job.attempts });
    await cleanUpJob(deps, job);
  }
  while (deps.alive() && hasRoom()) {
    const job = await queue.claim(db, deps.owner, deps.leaseMs, now());
    if (!job) break;
    run(job);
  }
  void housekeeping();
}

/** Abort every running job and wait for their handlers to return; the ids of the jobs that were running. */
async function abortAll(running: Map<number, RunningJob>, reason: Error): Promise<number[]> {
  const jobs = [...running.entries()];
  for (const [, r] of jobs) r.abort.abort(reason);
  await Promise.allSettled(jobs.map(([, r]) => r.done));
  return jobs.map(([id]) => id);
}
