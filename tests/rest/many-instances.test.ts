import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { startServer } from "../../bench/lib";
import { textPdf } from "../helpers/pdfs";

/**
 * Two real server processes on one data directory (database file + local object store), as two instances behind
 * a load balancer would share a libSQL server and a bucket. Nothing is kept per process: sessions, rate limits,
 * data and files are in the shared stores.
 */
const dir = mkdtempSync(join(tmpdir(), "geolabs-two-"));
const env = { DATA_DIR: dir, JOBS_CONCURRENCY: "2" };
let a: Awaited<ReturnType<typeof startServer>>;
let b: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  a = await startServer(env);
  // The second instance must not seed: the first owns the empty-database moment.
  b = await startServer({ ...env, SEED_DEMO: "false" });
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

const json = (cookie: string, body: unknown, method = "POST") => ({
  method,
  headers: { cookie, "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("two instances on one database and object store", () => {
  test("a session made on one is valid on the other, and signing out on either ends it on both", async () => {
    const cookie = await a.login("admin@geolabs.example");
    const me = await fetch(`${b.base}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe("admin@geolabs.example");
    expect((await fetch(`${b.base}/api/auth/logout`, json(cookie, {}))).status).toBe(200);
    expect((await fetch(`${a.base}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
  });

  test("a change made on one is visible on the other at once", async () => {
    const cookie = await b.login("user@geolabs.example");
    const created = await fetch(
      `${a.base}/api/core-boxes`,
      json(cookie, { work_order: "TWO-0001", project: "A" }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const seen = await fetch(`${b.base}/api/core-boxes/${id}`, { headers: { cookie } });
    expect(((await seen.json()) as { project: string }).project).toBe("A");
    expect(
      (await fetch(`${b.base}/api/core-boxes/${id}`, json(cookie, { project: "B" }, "PUT"))).status,
    ).toBe(200);
    const back = await fetch(`${a.base}/api/core-boxes/${id}`, { headers: { cookie } });
    expect(((await back.json()) as { project: string }).project).toBe("B");
  });

  test("the same work order sent to both at once is stored once (the database decides, not a process)", async () => {
    const cookie = await a.login("user@geolabs.example");
    const tries = await Promise.all(
      [a, b, a, b].map((s) => fetch(`${s.base}/api/core-boxes`, json(cookie, { work_order: "TWO-RACE" }))),
    );
    const statuses = tries.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
  });

  test("a file uploaded through one is listed by the other, and its signed link works on both", async () => {
    const cookie = await a.login("owner@geolabs.example");
    const form = new FormData();
    form.set("db_name", "shared.db");
    form.set("prefix", "");
    form.set("file", new File(["%PDF-1.4\n%%EOF\n"], "two.pdf"));
    const up = await fetch(`${a.base}/api/s3/upload`, { method: "POST", headers: { cookie }, body: form });
    expect(up.status).toBe(200);
    const { url } = (await up.json()) as { url: string };
    const list = (await (await fetch(`${b.base}/api/s3/files`, { headers: { cookie } })).json()) as {
      files: { Key: string }[];
    };
    expect(list.files.map((f) => f.Key)).toContain("shared.db/two.pdf");
    const path = url.startsWith("http") ? new URL(url).pathname + new URL(url).search : url;
    const viaB = await fetch(`${b.base}${path}`);
    expect(viaB.status).toBe(200);
    expect(await viaB.text()).toStartWith("%PDF-");
  });

  test("sign-in throttling holds across instances", async () => {
    const attempt = (s: typeof a) =>
      fetch(`${s.base}/api/auth/login`, json("", { email: "user@geolabs.example", password: "wrong-guess" }));
    for (const s of [a, b, a, b, a]) expect((await attempt(s)).status).toBe(401);
    expect((await attempt(b)).status).toBe(429);
  });

  test("index jobs queued through both are each claimed and run exactly once", async () => {
    const cookie = await a.login("owner@geolabs.example");
    const upload = async (s: typeof a, i: number, action: "new" | "append") => {
      const form = new FormData();
      form.set("db_name", "race.db");
      form.set("action", action);
      form.set(
        "file",
        new File([await textPdf([`Exactly-once report ${i}: boring B-${i} logged.`])], `race-${i}.pdf`),
      );
      const res = await fetch(`${s.base}/api/process-file`, {
        method: "POST",
        headers: { cookie },
        body: form,
      });
      const body = (await res.json()) as { document_id?: number; error?: string };
      expect(`${i} ${res.status} ${body.error ?? ""}`).toBe(`${i} 200 `);
      return body.document_id!;
    };
    await upload(a, 0, "new");
    // Both processes' workers (two jobs at a time each) race for these; each upload waits for its own job.
    const N = 16;
    const ids = await Promise.all(
      Array.from({ length: N }, (_, i) => upload(i % 2 ? b : a, i + 1, "append")),
    );
    expect(new Set(ids).size).toBe(N);

    const client = createClient({ url: `file:${join(dir, "portal.db")}` });
    try {
      const rows = (
        await client.execute(
          "select id, status, attempts, steps, result from jobs where kind = 'index-file' and json_extract(payload, '$.db') = 'race.db'",
        )
      ).rows;
      expect(rows).toHaveLength(N + 1);
      const workers = new Set<string>();
      for (const row of rows) {
        const steps = JSON.parse(String(row.steps)) as string[];
        const result = JSON.parse(String(row.result)) as { worker: string };
        expect(`${row.id} ${row.status} ${row.attempts}`).toBe(`${row.id} done 1`);
        expect(new Set(steps).size).toBe(steps.length); // no step recorded twice
        expect(steps.filter((s) => s.startsWith("Received"))).toHaveLength(1);
        expect(steps.filter((s) => s.startsWith("Indexed"))).toHaveLength(1);
        workers.add(result.worker.split(":")[1]!); // host:pid:id of the process that ran it
      }
      // Both processes ran some of them, and nobody else did.
      expect([...workers].sort()).toEqual([String(a.pid), String(b.pid)].sort());
      const perFile = await client.execute(
        "select file_name, count(*) as n from doc_documents d join doc_collections c on c.id = d.collection_id where c.name = 'race.db' group by file_name",
      );
      expect(perFile.rows).toHaveLength(N + 1);
      expect(perFile.rows.every((r) => Number(r.n) === 1)).toBe(true);
      const history = await client.execute(
        "select file, count(*) as n from doc_upload_history where db = 'race.db' group by file",
      );
      expect(history.rows).toHaveLength(N + 1);
      expect(history.rows.every((r) => Number(r.n) === 1)).toBe(true);
    } finally {
      client.close();
    }
  }, 120_000);
});
