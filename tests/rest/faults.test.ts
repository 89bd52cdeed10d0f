import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { OUTAGE_MESSAGES } from "@server/lib/errors";
import { startServer } from "../../bench/lib";
import { DEMO, startTestApp } from "../helpers/app";
import { buildPdf } from "../helpers/pdfs";

type Server = Awaited<ReturnType<typeof startServer>>;

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
    // Answers other than 201 from the live server: collected, not asserted where a catch could swallow them.
    const refused: string[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed && next < 2000 && !refused.length) {
        // Shaped like a work order (every door refuses others) and never a demo box's (those end in two digits).
        const n = next++;
        const wo = `000${Math.floor(n / 1000)}-${String(n % 1000).padStart(3, "0")}`;
        const res = await fetch(`${first.base}/api/core-boxes`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify({ work_order: wo, project: "Crash test" }),
        }).catch(() => null); // the connection died with the server: unconfirmed, either outcome is allowed
        if (res && res.status !== 201) refused.push(`${wo} ${res.status}`);
        const body = res?.status === 201 ? await res.json().catch(() => null) : null;
        if (body) confirmed.push({ wo, id: (body as { id: number }).id });
        if (!killed && confirmed.length >= 60) {
          killed = true;
          process.kill(first.pid, "SIGKILL");
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: 24 }, worker));
    } finally {
      await first.stop(); // reaps the killed process and its own temp dir; the data dir stays
    }
    expect(refused).toEqual([]);
    expect(killed).toBe(true);

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
        const boxes = await q("select count(*) from core_boxes where work_order like '000%'");
        const boxWithoutRecord = await q(`select count(*) from core_boxes b where b.work_order like '000%'
          and not exists (select 1 from change_records c where c.kind = 'core_box' and c.entity_id = b.id and c.action = 'create')`);
        const recordWithoutBox = await q(`select count(*) from change_records c where c.kind = 'core_box'
          and c.action = 'create' and c.work_order like '000%' and not exists (select 1 from core_boxes b where b.id = c.entity_id)`);
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
        body: JSON.stringify({ work_order: "8700-001" }),
      });
      expect(after.status).toBe(201);
    } finally {
      await second.stop();
    }
  }, 90_000);
});

describe("SIGKILL in the middle of an indexing job", () => {
  type JobRow = {
    id: number;
    status: string;
    attempts: number;
    error: string | null;
    steps: string;
    payload: string;
  };
  const objects = (dataDir: string) => join(dataDir, "objects");
  /** Whether the job's upload still waits in staging (the demo seed may stage files of its own meanwhile). */
  const staged = (dataDir: string, job: JobRow) =>
    existsSync(join(objects(dataDir), (JSON.parse(job.payload) as { source: string }).source));
  const scannedReport = (title: string) =>
    buildPdf([
      { text: `Boring log summary: ${title}.\nThree borings, logged in March.` },
      { scan: ["Core boxes are kept in the yard", "for ninety days after the report."] },
      { scan: ["Samples are sealed and labelled", "with the work order number."] },
    ]);

  /** Upload through POST /api/process-file and SIGKILL the server once the job is reading pages with OCR. */
  async function uploadAndKill(server: Server, cookie: string, fileName: string, action: "new" | "append") {
    const form = new FormData();
    form.set("db_name", "kill.db");
    form.set("action", action);
    form.set("title", "Kill test");
    form.set("file", new File([await scannedReport(fileName)], fileName, { type: "application/pdf" }));
    const res = await fetch(`${server.base}/api/process-file`, {
      method: "POST",
      headers: { cookie, accept: "application/x-ndjson" },
      body: form,
    });
    expect(res.status).toBe(200);
    const steps: string[] = [];
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    while (!steps.some((s) => s.includes("will be read with OCR"))) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the job ended before OCR: ${steps.join(" | ")}`);
      buffer += value;
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) if (line) steps.push((JSON.parse(line) as { step?: string }).step ?? line);
    }
    // That step is recorded just before the first scanned page goes to OCR (readPages in index-file.ts), so
    // the server is reading it now: no pause needed to be "into" the OCR.
    process.kill(server.pid, "SIGKILL");
    await reader.cancel().catch(() => {});
    await server.stop();
  }

  async function db(dataDir: string) {
    const client = createClient({ url: `file:${join(dataDir, "portal.db")}` });
    const one = async (sql: string, args: readonly (string | number)[] = []) =>
      (await client.execute({ sql, args: [...args] })).rows[0] as unknown as Record<string, unknown>;
    return {
      job: async (file: string) =>
        (await one(
          "select * from jobs where kind = 'index-file' and json_extract(payload, '$.fileName') = ?",
          [file],
        )) as unknown as JobRow,
      count: async (sql: string, args: readonly (string | number)[] = []) =>
        Number(Object.values(await one(sql, args))[0]),
      run: (sql: string, args: (string | number)[] = []) => client.execute({ sql, args }),
      close: () => client.close(),
    };
  }
  const documentsOf = (file: string) =>
    [`select count(*) from doc_documents where storage_key = ?`, [`kill.db/${file}`]] as const;
  const chunksOf = (file: string) =>
    [
      `select count(*) from doc_chunks c join doc_documents d on d.id = c.document_id where d.storage_key = ?`,
      [`kill.db/${file}`],
    ] as const;

  async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 120_000) {
    const end = performance.now() + ms;
    for (;;) {
      const v = await fn();
      if (v) return v;
      if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
      await Bun.sleep(200);
    }
  }

  test("nothing of the file is visible meanwhile; the restarted server resumes the job and indexes it once, or fails it with the reason on its last attempt", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "geolabs-kill-job-"));
    dirs.push(dataDir);
    // A short lease, so the restarted server takes the job over within seconds rather than a minute.
    const env = { DATA_DIR: dataDir, JOBS_LEASE_S: "5" };
    const servers: Server[] = [];
    const start = async (extra: Record<string, string> = {}) => {
      const server = await startServer({ ...env, ...extra });
      servers.push(server);
      return server;
    };

    // 1. Killed while OCR reads the first scanned page.
    const first = await start();
    await uploadAndKill(first, await first.login(DEMO.owner), "resumed.pdf", "new");
    const rows = await db(dataDir);
    try {
      const killed = await rows.job("resumed.pdf");
      expect(killed).toMatchObject({ status: "running", attempts: 1 });
      expect(JSON.parse(killed.steps).some((s: string) => s.startsWith("Indexed"))).toBe(false);
      expect(await rows.count(...documentsOf("resumed.pdf"))).toBe(0);
      expect(await rows.count(...chunksOf("resumed.pdf"))).toBe(0);
      expect(existsSync(join(objects(dataDir), "kill.db/resumed.pdf"))).toBe(false);
      expect(staged(dataDir, killed)).toBe(true); // the upload waits in staging for the next attempt

      // 2. Restarted on the same data: the job is claimed again once its lease ran out, and completes.
      const second = await start({ SEED_DEMO: "false" });
      const cookie = await second.login(DEMO.owner);
      const done = await until("the resumed job", async () => {
        const j = await rows.job("resumed.pdf");
        return j.status === "done" || j.status === "failed" ? j : null;
      });
      const steps = JSON.parse(done.steps) as string[];
      expect(done.status, steps.join("\n")).toBe("done");
      expect(done.attempts).toBe(2);
      expect(steps).toContain("Resumed after an interruption (attempt 2 of 3).");
      expect(steps.at(-1)).toMatch(
        /^Indexed resumed\.pdf in kill\.db: 3 page\(s\) \(2 by OCR\), \d+ chunk\(s\)\.$/,
      );
      expect(await rows.count(...documentsOf("resumed.pdf"))).toBe(1);
      expect(await rows.count(...chunksOf("resumed.pdf"))).toBeGreaterThan(0);
      const ocrText = await rows.run(
        "select group_concat(p.text, ' ') as t from doc_pages p join doc_documents d on d.id = p.document_id where d.storage_key = ? and p.page_no > 1",
        ["kill.db/resumed.pdf"],
      );
      expect(String(ocrText.rows[0]!.t).toLowerCase()).toContain("boxes");
      expect(existsSync(join(objects(dataDir), "kill.db/resumed.pdf"))).toBe(true);
      expect(staged(dataDir, done)).toBe(false);
      const listed = await fetch(`${second.base}/api/list-files`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ db_name: "kill.db" }),
      });
      expect(((await listed.json()) as { files: string[] }).files).toEqual(["resumed.pdf"]);

      // 3. Killed again mid-OCR, this time on the job's last allowed attempt (as if it had been interrupted
      // twice already): the next start fails it with the reason and removes what it left.
      await uploadAndKill(second, cookie, "abandoned.pdf", "append");
      const abandoned = await rows.job("abandoned.pdf");
      expect(abandoned).toMatchObject({ status: "running", attempts: 1 });
      await rows.run("update jobs set max_attempts = 1 where id = ?", [abandoned.id]);
      expect(staged(dataDir, abandoned)).toBe(true);

      const third = await start({ SEED_DEMO: "false" });
      {
        const failed = await until("the abandoned job to fail", async () => {
          const j = await rows.job("abandoned.pdf");
          return j.status === "failed" ? j : null;
        });
        expect(failed.error).toBe("Stopped after 1 attempt(s): the server stopped while the job ran.");
        expect((JSON.parse(failed.steps) as string[]).at(-1)).toBe(
          "Failed: the server stopped while this job ran, 1 time(s); giving up.",
        );
        await until("the staging copy to go", async () => !staged(dataDir, failed));
        expect(await rows.count(...documentsOf("abandoned.pdf"))).toBe(0);
        expect(await rows.count(...chunksOf("abandoned.pdf"))).toBe(0);
        expect(existsSync(join(objects(dataDir), "kill.db/abandoned.pdf"))).toBe(false);
        const again = await third.login(DEMO.owner);
        const files = await fetch(`${third.base}/api/s3/files`, { headers: { cookie: again } });
        const keys = ((await files.json()) as { files: { Key: string }[] }).files.map((f) => f.Key);
        expect(keys).toContain("kill.db/resumed.pdf");
        expect(keys).not.toContain("kill.db/abandoned.pdf");
      }
    } finally {
      rows.close();
      await Promise.all(servers.map((s) => s.stop()));
    }
  }, 240_000);
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
        json: { work_order: "8700-002" },
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
