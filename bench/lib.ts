import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readUiStream } from "../tests/helpers/chat";

export const ROOT = join(import.meta.dir, "..");

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target; `pass` compares with it. */
  target: number;
  better: "lower" | "higher";
}

/** A figure shown for context (no target: e.g. the native CLI's time beside ours); it neither passes nor misses. */
export const isInfo = (f: Figure) => !Number.isFinite(f.target);
export const passes = (f: Figure) =>
  isInfo(f) || (f.better === "lower" ? f.value <= f.target : f.value >= f.target);
/** "ok", "MISS", or "info" for a figure without a target. */
export const verdict = (f: Figure) => (isInfo(f) ? "info" : passes(f) ? "ok" : "MISS");

export function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Sockets listening on `port` (each process of a WEB_CONCURRENCY instance has its own, SO_REUSEPORT). */
export function listeners(port: number): number {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")} `;
  let n = 0;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    try {
      for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (`${cols[1]} `.endsWith(hex) && cols[3] === "0A") n++; // 0A: LISTEN
      }
    } catch {}
  }
  return n;
}

/** A process and its descendants (Linux). */
export function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      const kids = readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, "utf8").trim();
      if (kids) out.push(...kids.split(/\s+/).map(Number));
    } catch {}
  }
  return out;
}

/** The command line of a process (Linux), "" once it is gone. */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** Resident memory of one process, in MB. */
export const rssOf = (pid: number) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** User + system CPU seconds a process has used so far (Linux). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * A port nobody holds now, as the OS hands it out. A random port could be one a client connection is using
 * (the ephemeral range starts at 32768), and the server then fails to start.
 */
export function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}

/** Servers started here and not stopped yet: killed when this process exits, so a failed run leaves none. */
const running = new Set<{ kill(signal?: number | NodeJS.Signals): void }>();
process.once("exit", () => {
  for (const proc of running) proc.kill("SIGKILL");
});

/** Per-person rates high enough that one account can stand for a crowd. */
export const LIFTED_RATES = {
  RATE_PHOTOS_PER_MIN: "100000",
  RATE_QUESTIONS_PER_MIN: "100000",
  RATE_IMPORTS_PER_MIN: "100000",
  RATE_UPLOADS_PER_MIN: "100000",
};

/**
 * Start the real server (src/server/index.ts) on a fresh data dir and wait until /api/health answers (and, with
 * WEB_CONCURRENCY, until every process listens).
 */
export async function startServer(extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "geolabs-bench-"));
  const port = freePort();
  const started = performance.now();
  // BENCH_BUN_ARGS: flags for the server's bun, e.g. "--cpu-prof-md --cpu-prof-dir=/tmp/prof" to profile a run.
  const bunArgs = (process.env.BENCH_BUN_ARGS ?? "").split(" ").filter(Boolean);
  const proc = Bun.spawn(["bun", ...bunArgs, "run", join(ROOT, "src/server/index.ts")], {
    cwd: ROOT,
    // Demo data unless a caller says otherwise: the suites sign in with the demo accounts. One demo account
    // stands for many people in a load run, so the per-person rates are lifted unless a suite measures them.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      ...LIFTED_RATES,
      ...extraEnv,
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  running.add(proc);
  const base = `http://127.0.0.1:${port}`;
  const fail = (why: string) => {
    proc.kill("SIGKILL");
    running.delete(proc);
    rmSync(dataDir, { recursive: true, force: true });
    return new Error(why);
  };
  for (;;) {
    // Ours must still run: an answer on the port could come from another server that already had it.
    if (proc.exitCode !== null) throw fail(`server exited (code ${proc.exitCode}) before it was ready`);
    try {
      if ((await fetch(`${base}/api/health`)).ok && proc.exitCode === null) break;
    } catch {}
    if (performance.now() - started > 30_000) throw fail("server did not become ready");
    await Bun.sleep(10);
  }
  const processes = Number(extraEnv.WEB_CONCURRENCY ?? process.env.WEB_CONCURRENCY ?? 1) || 1;
  while (processes > 1 && listeners(port) < processes) {
    if (performance.now() - started > 30_000) throw fail("server processes did not all listen");
    await Bun.sleep(20);
  }
  const readyMs = performance.now() - started;
  return {
    base,
    readyMs,
    pid: proc.pid,
    dataDir,
    port,
    processes,
    /** The server's processes: the primary and, with WEB_CONCURRENCY, its workers (not their PDF processes). */
    pids: () => processTree(proc.pid).filter((pid) => commandOf(pid).includes("src/server/index.ts")),
    /** Resident memory of all the server's processes (its PDF processes included). */
    rssMb() {
      return processTree(proc.pid).reduce((sum, pid) => sum + rssOf(pid), 0);
    },
    /** Resident memory of the serving processes only (what requests can grow). */
    servingRssMb() {
      return processTree(proc.pid)
        .filter((pid) => commandOf(pid).includes("src/server/index.ts"))
        .reduce((sum, pid) => sum + rssOf(pid), 0);
    },
    async login(email: string) {
      const res = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: "geolabs-demo" }),
      });
      return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    },
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
      running.delete(proc);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Time `fn` `n` times (after a warm-up) and return the p50/p95 in milliseconds. */
/**
 * Wall time per call, and the process's CPU time per call: what the work costs the server when nothing else
 * competes for the two cores (other agents' test runs share this machine, which inflates wall times).
 */
/** Wall time of `fn`, and the highest rise of `rssMb()` (sampled every 10 ms) while it runs. */
export async function rssPeakWhile<T>(rssMb: () => number, fn: () => Promise<T>) {
  const base = rssMb();
  let peak = base;
  let going = true;
  const sampler = (async () => {
    while (going) {
      peak = Math.max(peak, rssMb());
      await Bun.sleep(10);
    }
  })();
  const t0 = performance.now();
  try {
    const value = await fn();
    return { value, ms: performance.now() - t0, riseMb: peak - base, baseMb: base };
  } finally {
    going = false;
    await sampler;
  }
}

export async function timeIt(n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(5, n); i++) await fn();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / 1000);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), cpuP95: percentile(cpu, 95) };
}

/** Milliseconds from POST /api/chat to the first streamed text, asking `db` without the answer cache. */
export async function firstTokenMs(base: string, cookie: string, db: string, text: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: base },
    body: JSON.stringify({
      db,
      use_cache: false,
      messages: [{ role: "user", parts: [{ type: "text", text }] }],
    }),
  });
  let first = 0;
  await readUiStream(res, (parts) => {
    if (!first && parts.some((p) => p.type === "text-delta")) first = performance.now() - started;
    return false;
  });
  return first;
}
