import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { commandOf, freePort, processTree, ROOT } from "../../bench/lib";
import { buildPdf } from "../helpers/pdfs";
import { sayWhySkipped } from "../helpers/platform";

/**
 * `bun run start` keeps the portal up: a serving process killed with SIGKILL is replaced and the portal answers
 * again; a job the dead process held is resumed by the new one without waiting for its lease to run out.
 */
const dirs: string[] = [];
const procs: ReturnType<typeof Bun.spawn>[] = [];
afterAll(async () => {
  for (const p of procs) p.kill("SIGTERM");
  await Promise.all(procs.map((p) => p.exited));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), "geolabs-supervised-"));
  dirs.push(dataDir);
  const port = freePort();
  const proc = Bun.spawn(["bun", "run", "start"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  procs.push(proc);
  const base = `http://127.0.0.1:${port}`;
  const servers = () => processTree(proc.pid).filter((pid) => commandOf(pid).includes("src/server/index.ts"));
  const want = Number(env.WEB_CONCURRENCY ?? 1);
  await until("the portal to start", async () => (await healthy(base)) && servers().length === want, 60_000);
  return { base, dataDir, servers };
}

const healthy = (base: string) =>
  fetch(`${base}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);

async function until(what: string, fn: () => Promise<boolean> | boolean, ms = 30_000) {
  const end = performance.now() + ms;
  while (!(await fn())) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}

/** SIGKILL `pid`, then the time until the portal answers again from a new process (ms). */
async function killAndWait(s: Awaited<ReturnType<typeof start>>, pid: number, count: number) {
  const t0 = performance.now();
  process.kill(pid, "SIGKILL");
  await until("a new serving process", async () => {
    const now = s.servers();
    return now.length === count && !now.includes(pid) && (await healthy(s.base));
  });
  return performance.now() - t0;
}

sayWhySkipped(process.platform === "linux", "bun run start supervises", "it finds its processes in /proc");
describe.if(process.platform === "linux")("bun run start supervises the server", () => {
  test("WEB_CONCURRENCY=1: the serving process killed with SIGKILL is replaced and answers again", async () => {
    const s = await start({ SEED_DEMO: "false", WEB_CONCURRENCY: "1" });
    const [pid] = s.servers();
    const ms = await killAndWait(s, pid!, 1);
    // The figure (within 2 s) is measured by `bun run bench hardening`; this bound only catches no restart.
    expect(ms).toBeLessThan(20_000);
  }, 90_000);

  test("WEB_CONCURRENCY=2: a killed worker and a killed primary are both replaced", async () => {
    const s = await start({ SEED_DEMO: "false", WEB_CONCURRENCY: "2" });
    const [primary, worker] = s.servers();
    await killAndWait(s, worker!, 2);
    await killAndWait(s, primary!, 2);
  }, 90_000);

  test("a job the killed process held is resumed by the new one at once, not after its lease", async () => {
    const s = await start({ SEED_DEMO: "true", WEB_CONCURRENCY: "1", JOBS_LEASE_S: "600" });
    const cookie = await fetch(`${s.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@geolabs.example", password: "geolabs-demo" }),
    }).then((r) => (r.headers.get("set-cookie") ?? "").split(";")[0]!);
    const scans = Array.from({ length: 6 }, (_, i) => ({ scan: [`Scanned page ${i + 1}`, "W.O. 1234-56"] }));
    const form = new FormData();
    form.set("db_name", "resumed.db");
    form.set("action", "new");
    form.set("file", new File([await buildPdf(scans)], "scans.pdf"));
    void fetch(`${s.base}/api/process-file`, { method: "POST", headers: { cookie }, body: form }).catch(
      () => {},
    );
    const db = createClient({ url: `file:${join(s.dataDir, "portal.db")}` });
    try {
      const job = async () =>
        (
          await db.execute(
            "select status, attempts from jobs where kind = 'index-file' and json_extract(payload, '$.db') = 'resumed.db'",
          )
        ).rows[0] as unknown as { status: string; attempts: number } | undefined;
      await until("the job to run", async () => (await job())?.status === "running");
      const [pid] = s.servers();
      await killAndWait(s, pid!, 1);
      // The lease is ten minutes: only a new process taking the dead one's job at once finishes it in time.
      await until("the job to finish", async () => (await job())?.status === "done", 60_000).catch(
        async (err) => {
          console.log(
            (
              await db.execute(
                "select id, kind, status, attempts, lease_owner, lease_expires_at, error, steps from jobs",
              )
            ).rows,
          );
          throw err;
        },
      );
      expect((await job())?.attempts).toBe(2);
    } finally {
      db.close();
    }
  }, 120_000);
});
