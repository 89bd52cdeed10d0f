import type { Subprocess } from "bun";
import type { Metrics, MetricsSnapshot } from "./http/metrics";
import { mergeSnapshots } from "./http/metrics";
import type { Logger } from "./lib/logger";

/**
 * WEB_CONCURRENCY: one instance as several processes on one port. The primary (the process started) migrates,
 * seeds, runs the background jobs and listens; it then starts `count` HTTP-only processes that listen on the same
 * port with SO_REUSEPORT, so the kernel spreads connections over all of them. They share nothing in memory (the
 * app keeps no state of its own): the database and the object store are common, as between instances.
 *
 * Over Bun's IPC channel: a worker that queued a job wakes the primary's job runner, and every process sends its
 * request metrics every two seconds so any process can answer /api/metrics for the whole instance. A worker that
 * dies is started again; a worker whose primary is gone (even SIGKILLed) stops by itself.
 */
export const WORKER_FLAG = "--cluster-worker";
const METRICS_EVERY_MS = 2000;

type Message = { t: "metrics"; from: number; snap: MetricsSnapshot } | { t: "job-queued" };

/** This process's worker number (1…) when the primary started it, or null for the primary itself. */
export function clusterWorkerIndex(argv: string[] = process.argv): number | null {
  const arg = argv.find((a) => a.startsWith(`${WORKER_FLAG}=`));
  const n = arg ? Number(arg.slice(WORKER_FLAG.length + 1)) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

interface WorkerSlot {
  index: number;
  proc: Subprocess | null;
  startedAt: number;
  restartDelayMs: number;
  /** Counters of earlier lives of this worker, so the instance's totals never go down when it is restarted. */
  retired: MetricsSnapshot | null;
  last: MetricsSnapshot | null;
}

const EMPTY: MetricsSnapshot = {
  series: [],
  unhandled: 0,
  rss: 0,
  heapUsed: 0,
  startedAt: Number.POSITIVE_INFINITY,
};

/** The primary's side: start `count` workers on `port` and keep them running until stop(). */
export function startWorkers(opts: {
  count: number;
  port: number;
  log: Logger;
  metrics: Metrics;
  onJobQueued: () => void;
}) {
  const { log, metrics } = opts;
  let stopping = false;
  const slots: WorkerSlot[] = Array.from({ length: opts.count }, (_, i) => ({
    index: i + 1,
    proc: null,
    startedAt: 0,
    restartDelayMs: 1000,
    retired: null,
    last: null,
  }));

  function spawn(slot: WorkerSlot) {
    slot.startedAt = Date.now();
    slot.proc = Bun.spawn([process.execPath, Bun.main, `${WORKER_FLAG}=${slot.index}`], {
      env: { ...process.env, PORT: String(opts.port) },
      stdio: ["ignore", "inherit", "inherit"],
      ipc(message: Message) {
        if (message.t === "job-queued") opts.onJobQueued();
        else if (message.t === "metrics") shareMetrics(slot, message.snap, slots, metrics);
      },
      onExit(_proc, code, signal) {
        retire(slot);
        if (stopping) return;
        const inMs = nextRestartDelay(slot);
        log.error("server process exited; starting it again", { worker: slot.index, code, signal, inMs });
        setTimeout(() => {
          if (!stopping) spawn(slot);
        }, inMs).unref();
      },
    });
  }

  for (const slot of slots) spawn(slot);
  const timer = setInterval(() => {
    const snap = metrics.snapshot();
    for (const slot of slots) send(slot, { t: "metrics", from: 0, snap });
  }, METRICS_EVERY_MS);
  timer.unref();

  return {
    pids: () => slots.flatMap((s) => (s.proc ? [s.proc.pid] : [])),
    /** Stop every worker gracefully (SIGTERM: they finish their requests); SIGKILL after `graceMs`. */
    async stop(graceMs = 10_000) {
      stopping = true;
      clearInterval(timer);
      await Promise.all(slots.map((slot) => (slot.proc ? stopProcess(slot.proc, graceMs) : undefined)));
    },
  };
}

const send = (slot: WorkerSlot, m: Message) => {
  try {
    slot.proc?.send(m);
  } catch {} // it is exiting; the exit handler deals with it
};

/** A worker's figures over all its lives (the earlier ones' counters and its current one). */
const instanceView = (slot: WorkerSlot) =>
  slot.last ? mergeSnapshots(slot.retired ?? EMPTY, slot.last) : (slot.retired ?? null);

/** A worker sent its figures: the primary keeps them and passes them on to the other workers. */
function shareMetrics(slot: WorkerSlot, snap: MetricsSnapshot, slots: WorkerSlot[], metrics: Metrics) {
  slot.last = snap;
  const view = instanceView(slot)!;
  metrics.setPeer(String(slot.index), view);
  for (const other of slots) if (other !== slot) send(other, { t: "metrics", from: slot.index, snap: view });
}

/** A worker exited: its counters join those of its earlier lives (its memory is gone with it). */
function retire(slot: WorkerSlot) {
  slot.proc = null;
  if (slot.last) slot.retired = mergeSnapshots(slot.retired ?? EMPTY, { ...slot.last, rss: 0, heapUsed: 0 });
  slot.last = null;
}

/** A worker that lived a while is restarted at once; one that keeps dying, less and less often. */
function nextRestartDelay(slot: WorkerSlot): number {
  const lived = Date.now() - slot.startedAt;
  slot.restartDelayMs = lived > 60_000 ? 1000 : Math.min(slot.restartDelayMs * 2, 30_000);
  return slot.restartDelayMs;
}

/** SIGTERM (it finishes its requests), then SIGKILL after `graceMs`; resolves when it has exited. */
async function stopProcess(proc: Subprocess, graceMs: number) {
  proc.kill("SIGTERM");
  const killer = setTimeout(() => proc.kill("SIGKILL"), graceMs);
  await proc.exited;
  clearTimeout(killer);
}

/** A worker's side: share metrics with the others, tell the primary about queued jobs, stop when it is gone. */
export function joinCluster(opts: { index: number; metrics: Metrics; onPrimaryGone: () => void }) {
  const { metrics } = opts;
  process.on("message", (message: Message) => {
    if (message.t === "metrics" && message.from !== opts.index)
      metrics.setPeer(String(message.from), message.snap);
  });
  process.on("disconnect", opts.onPrimaryGone);
  const timer = setInterval(() => {
    process.send?.({ t: "metrics", from: opts.index, snap: metrics.snapshot() } satisfies Message);
  }, METRICS_EVERY_MS);
  timer.unref();
  return {
    jobQueued: () => process.send?.({ t: "job-queued" } satisfies Message),
  };
}
