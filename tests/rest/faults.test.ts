import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { OUTAGE_MESSAGES } from "@server/lib/errors";
import { startServer } from "../../bench/lib";
import { DEMO, startTestApp } from "../helpers/app";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("SIGKILL in the middle of a burst of core box writes", () => {
  test("every write that got a 2xx is there after a restart; no box without its create record, or the reverse", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "geolabs-kill-"));
    dirs.push(dataDir);
    const first = await startServer({ DATA_DIR: dataDir });
    const cookie = await first.login(DEMO.user);
    const confirmed: { wo: string; id: number }[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed && next < 2000) {
        const wo = `KILL-${String(next++).padStart(5, "0")}`;
        try {
          const res = await fetch(`${first.base}/api/core-boxes`, {
            method: "POST",
            headers: { cookie, "content-type": "application/json" },
            body: JSON.stringify({ work_order: wo, project: "Crash test" }),
          });
          if (res.status === 201) confirmed.push({ wo, id: ((await res.json()) as { id: number }).id });
          else expect(res.status).toBe(201);
        } catch {
          // the connection died with the server: this write is unconfirmed, either outcome is allowed
        }
        if (!killed && confirmed.length >= 60) {
          killed = true;
          process.kill(first.pid, "SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 24 }, worker));
    expect(killed).toBe(true);
    await first.stop(); // reaps the killed process and its own temp dir; the data dir stays

    const second = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    try {
      const again = await second.login(DEMO.user);
      for (const { wo, id } of confirmed) {
        const res = await fetch(`${second.base}/api/core-boxes/${id}`, { headers: { cookie: again } });
        expect(`${wo} ${res.status}`).toBe(`${wo} 200`);
        expect(((await res.json()) as { work_order: string }).work_order).toBe(wo);
      }
      const client = createClient({ url: `file:${join(dataDir, "portal.db")}` });
      try {
        const q = (sql: string) => client.execute(sql).then((r) => Number(r.rows[0]![0]));
        const boxes = await q("select count(*) from core_boxes where work_order like 'KILL-%'");
        const boxWithoutRecord = await q(`select count(*) from core_boxes b where b.work_order like 'KILL-%'
          and not exists (select 1 from change_records c where c.kind = 'core_box' and c.entity_id = b.id and c.action = 'create')`);
        const recordWithoutBox = await q(`select count(*) from change_records c where c.kind = 'core_box'
          and c.action = 'create' and c.work_order like 'KILL-%' and not exists (select 1 from core_boxes b where b.id = c.entity_id)`);
        expect(boxes).toBeGreaterThanOrEqual(confirmed.length);
        expect(boxWithoutRecord).toBe(0);
        expect(recordWithoutBox).toBe(0);
      } finally {
        client.close();
      }
      // And it serves writes again.
      const after = await fetch(`${second.base}/api/core-boxes`, {
        method: "POST",
        headers: { cookie: again, "content-type": "application/json" },
        body: JSON.stringify({ work_order: "KILL-AFTER" }),
      });
      expect(after.status).toBe(201);
    } finally {
      await second.stop();
    }
  }, 90_000);

  // Issue 7 adds the indexing jobs: kill the server mid-job, restart, and check the job resumes or is marked
  // failed with its reason (and its partial chunks are not visible).
  test.todo("SIGKILL in the middle of an indexing job (belongs to issue 7's jobs)");
});

describe("a failing object store", () => {
  const upload = () => {
    const form = new FormData();
    form.set("db_name", "fault.db");
    form.set("prefix", "");
    form.set("file", new File(["%PDF-1.4\n%%EOF\n"], "fault.pdf"));
    return { method: "POST", body: form };
  };

  test("S3 endpoint down: a clear 503 on the file paths; everything else keeps serving", async () => {
    const t = await startTestApp({
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "down-bucket",
      S3_ENDPOINT: "http://127.0.0.1:9", // nothing listens there
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    });
    try {
      const cookie = await t.login(DEMO.owner);
      const file = [
        await t.request("/api/s3/upload", { ...upload(), cookie }),
        await t.request("/api/s3/files", { cookie }),
        await t.request("/api/s3/delete", { method: "POST", json: { key: "fault.db/fault.pdf" }, cookie }),
        await t.request("/trpc/storage.list", { cookie }),
      ];
      for (const res of file) {
        expect(res.status).toBe(503);
        expect(JSON.stringify(await res.json())).toContain(OUTAGE_MESSAGES.unreachable);
      }
      for (const path of [
        "/api/health",
        "/api/core-boxes",
        "/api/tickets",
        "/trpc/dashboard.kpis",
        "/api/s3/limits",
      ]) {
        expect(`${path} ${(await t.request(path, { cookie })).status}`).toBe(`${path} 200`);
      }
      const box = await t.request("/api/core-boxes", {
        method: "POST",
        json: { work_order: "S3-DOWN-1" },
        cookie,
      });
      expect(box.status).toBe(201);
    } finally {
      await t.close();
    }
  });

  test("local disk full or read-only: a clear 503 for the upload, nothing half-written; reads and other paths work", async () => {
    const t = await startTestApp();
    try {
      const cookie = await t.login(DEMO.owner);
      const store = t.deps.store;
      const put = store.put.bind(store);
      for (const code of ["ENOSPC", "EROFS"]) {
        // What node:fs throws when the disk fills up or the folder turns read-only (root ignores folder modes,
        // so the failure is raised at the driver's file-system boundary rather than with chmod).
        store.put = async () => {
          throw Object.assign(new Error(`${code}: write failed, '/data/objects/.tmp'`), { code, errno: -28 });
        };
        const res = await t.request("/api/s3/upload", { ...upload(), cookie });
        expect(res.status).toBe(503);
        const text = await res.text();
        expect(text).toContain(code === "ENOSPC" ? OUTAGE_MESSAGES.diskFull : OUTAGE_MESSAGES.notWritable);
        expect(text).not.toContain("/data/objects");
      }
      store.put = put;
      const list = await t.request("/api/s3/files", { cookie });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { files: unknown[] }).files).toEqual([]);
      const history = (await (await t.request("/api/s3/history", { cookie })).json()) as {
        events: unknown[];
      };
      expect(history.events).toEqual([]); // a failed upload is not in the history
      expect((await t.request("/api/core-boxes", { cookie })).status).toBe(200);
      expect((await t.request("/api/s3/upload", { ...upload(), cookie })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
