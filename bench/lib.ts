import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const ROOT = join(import.meta.dir, "..");

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target; `pass` compares with it. */
  target: number;
  better: "lower" | "higher";
}

export const passes = (f: Figure) => (f.better === "lower" ? f.value <= f.target : f.value >= f.target);

export function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Start the real server (src/server/index.ts) on a fresh data dir and wait until /api/health answers. */
export async function startServer(extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "geolabs-bench-"));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const started = performance.now();
  const proc = Bun.spawn(["bun", "run", join(ROOT, "src/server/index.ts")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...extraEnv },
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (performance.now() - started > 30_000) throw new Error("server did not become ready");
    await Bun.sleep(10);
  }
  const readyMs = performance.now() - started;
  return {
    base,
    readyMs,
    pid: proc.pid,
    dataDir,
    rssMb() {
      const status = readFileSync(`/proc/${proc.pid}/status`, "utf8");
      return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Time `fn` `n` times (after a warm-up) and return the p50/p95 in milliseconds. */
/**
 * Wall time per call, and the process's CPU time per call: what the work costs the server when nothing else
 * competes for the two cores (other agents' test runs share this machine, which inflates wall times).
 */
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
