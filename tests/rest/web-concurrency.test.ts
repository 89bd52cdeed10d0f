import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { cpuSeconds, listeners, startServer } from "../../bench/lib";
import { textPdf } from "../helpers/pdfs";
import { sayWhySkipped } from "../helpers/platform";

/**
 * WEB_CONCURRENCY=2: one instance as two processes sharing the port (SO_REUSEPORT). Linux only, like the setting.
 * Fresh connections (`connection: close`) so the kernel spreads the requests over both processes.
 */
const fresh = (cookie = "") => ({ headers: { connection: "close", ...(cookie ? { cookie } : {}) } });
let s: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  s = await startServer({ WEB_CONCURRENCY: "2" });
}, 60_000);
afterAll(async () => {
  await s?.stop();
});

async function until<T>(what: string, fn: () => T | null | false | Promise<T | null | false>, ms = 20_000) {
  const end = performance.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

sayWhySkipped(
  process.platform === "linux",
  "WEB_CONCURRENCY=2",
  "several processes on one port need SO_REUSEPORT (Linux)",
);
describe.if(process.platform === "linux")("WEB_CONCURRENCY=2", () => {
  test("two processes listen on the port and both serve; /api/metrics counts the whole instance", async () => {
    const [primary, worker] = s.pids();
    expect(worker).toBeGreaterThan(0);
    expect(listeners(s.port)).toBe(2);
    const cookie = await s.login("owner@geolabs.example");
    const before = cpuSeconds(worker!);
    // CPU time is counted in clock ticks (10 ms): a burst can be too short to show, so send them until it shows.
    let sent = 0;
    await until("the worker to take its share", async () => {
      const answers = await Promise.all(
        Array.from({ length: 120 }, () =>
          fetch(`${s.base}/api/core-boxes/_debug`, fresh()).then((r) => r.status),
        ),
      );
      sent += answers.length;
      expect(answers.every((status) => status === 200)).toBe(true);
      return cpuSeconds(worker!) > before;
    });
    expect(primary).toBe(s.pid);
    // Whichever process answers the scrape reports all of them (the other's figures arrive within two seconds).
    const count = async () => {
      const text = await (await fetch(`${s.base}/api/metrics`, fresh(cookie))).text();
      const line = text
        .split("\n")
        .find((l) => l.startsWith('portal_http_requests_total{method="GET",route="/api/core-boxes/_debug"'));
      return Number(line?.split(" ").at(-1) ?? 0);
    };
    // Eventually consistent: each process has the other's figures within two seconds, then every scrape agrees.
    await until("every process to report all of them", async () =>
      (await Promise.all(Array.from({ length: 6 }, count))).every((n) => n === sent),
    );
  });

  test("files indexed through either process are run by the primary's job worker", async () => {
    const cookie = await s.login("owner@geolabs.example");
    const upload = async (i: number) => {
      const form = new FormData();
      form.set("db_name", "cluster.db");
      form.set("action", i === 0 ? "new" : "append");
      form.set("file", new File([await textPdf([`Cluster report ${i}: core boxes logged.`])], `c-${i}.pdf`));
      const res = await fetch(`${s.base}/api/process-file`, { method: "POST", body: form, ...fresh(cookie) });
      return res.status;
    };
    const uploads = [await upload(0), ...(await Promise.all([1, 2, 3, 4, 5].map(upload)))];
    expect(uploads).toEqual([200, 200, 200, 200, 200, 200]);
    const client = createClient({ url: `file:${join(s.dataDir, "portal.db")}` });
    try {
      const rows = await client.execute(
        "select status, result from jobs where kind = 'index-file' and json_extract(payload, '$.db') = 'cluster.db'",
      );
      expect(rows.rows).toHaveLength(6);
      for (const r of rows.rows) {
        expect(r.status).toBe("done");
        expect((JSON.parse(String(r.result)) as { worker: string }).worker.split(":")[1]).toBe(String(s.pid));
      }
    } finally {
      client.close();
    }
  });

  test("a worker that dies is started again", async () => {
    const [, worker] = s.pids();
    process.kill(worker!, "SIGKILL");
    const replacement = await until("a new worker", () => {
      const w = s.pids()[1];
      return w && w !== worker && listeners(s.port) === 2 ? w : null;
    });
    expect(replacement).not.toBe(worker);
    expect((await fetch(`${s.base}/api/health`, fresh())).status).toBe(200);
  });
});

sayWhySkipped(
  process.platform === "linux",
  "stopping a WEB_CONCURRENCY instance",
  "several processes on one port need SO_REUSEPORT (Linux)",
);
describe.if(process.platform === "linux")("stopping a WEB_CONCURRENCY instance", () => {
  test("SIGTERM to the primary stops every process; a SIGKILLed primary's workers stop by themselves", async () => {
    const a = await startServer({ WEB_CONCURRENCY: "2", SEED_DEMO: "false" });
    const [, aWorker] = a.pids();
    process.kill(a.pid, "SIGTERM");
    await until("the instance to stop", () => {
      try {
        process.kill(aWorker!, 0);
        return false;
      } catch {
        return listeners(a.port) === 0;
      }
    });
    await a.stop();

    const b = await startServer({ WEB_CONCURRENCY: "2", SEED_DEMO: "false" });
    const [, bWorker] = b.pids();
    process.kill(b.pid, "SIGKILL");
    await until("the orphaned worker to stop", () => {
      try {
        process.kill(bWorker!, 0);
        return false;
      } catch {
        return listeners(b.port) === 0;
      }
    });
    await b.stop();
  }, 60_000);
});
