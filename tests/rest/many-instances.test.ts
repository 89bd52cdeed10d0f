import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { type LiveNotice, liveNotices } from "@shared/notifications";
import { ROOT, startServer } from "../../bench/lib";
import { listAll } from "../../src/server/storage/object-store";
import { buildPdf, textPdf } from "../helpers/pdfs";
import { sayWhySkipped } from "../helpers/platform";
import { startS3 } from "../helpers/s3";
import { SQLD_PLATFORM, startSqld } from "../helpers/sqld";

/**
 * Two real server processes on one database file and one object store, as two instances behind a load balancer
 * would share a libSQL server and a bucket. Nothing is kept per process: sessions, rate limits, data and files
 * are in the shared stores. Run twice: with the local folder store, and with an S3-protocol server (s3rver, in
 * this process on loopback) that both instances reach over HTTP, as in the README's several-instances settings.
 */
type Server = Awaited<ReturnType<typeof startServer>>;
const SETUPS = [
  { name: "one database file and the local folder store", s3: false, sqld: false },
  { name: "one database file and an S3 store", s3: true, sqld: false },
  // The README's production settings: a libSQL server and an S3-compatible store.
  { name: "a libSQL server (sqld) and an S3 store", s3: true, sqld: true },
].filter((s) => SQLD_PLATFORM || !s.sqld);

const json = (cookie: string, body: unknown, method = "POST") => ({
  method,
  headers: { cookie, "content-type": "application/json" },
  body: JSON.stringify(body),
});

for (const setup of SETUPS) {
  describe(`two instances on ${setup.name}`, () => {
    const dir = mkdtempSync(join(tmpdir(), "geolabs-two-"));
    let a: Server;
    let b: Server;
    let s3: Awaited<ReturnType<typeof startS3>> | undefined;
    let sqld: Awaited<ReturnType<typeof startSqld>> | undefined;
    /** What a test reads the shared database through: the file both processes open, or the server. */
    const databaseUrl = () => sqld?.url ?? `file:${join(dir, "portal.db")}`;

    beforeAll(async () => {
      s3 = setup.s3 ? await startS3() : undefined;
      sqld = setup.sqld ? await startSqld() : undefined;
      const env = {
        DATA_DIR: dir,
        JOBS_CONCURRENCY: "2",
        ...(s3?.env ?? {}),
        ...(sqld ? { DATABASE_URL: sqld.url } : {}),
      };
      a = await startServer(env);
      // The second instance must not seed: the first owns the empty-database moment.
      b = await startServer({ ...env, SEED_DEMO: "false" });
    }, 60_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await s3?.close();
      await sqld?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test("a session made on one is valid on the other, and signing out on either ends it on both", async () => {
      const cookie = await a.login("admin@geolabs.example");
      const me = await fetch(`${b.base}/api/auth/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe("admin@geolabs.example");
      expect((await fetch(`${b.base}/api/auth/logout`, json(cookie, {}))).status).toBe(200);
      expect((await fetch(`${a.base}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
    });

    test("a session both have served is forgotten by both at once: role change, removal, sign-out", async () => {
      const owner = await a.login("owner@geolabs.example");
      const email = `cached-${setup.sqld ? "q" : setup.s3 ? "s" : "f"}@geolabs.example`;
      const registered = await fetch(`${a.base}/api/register-user`, json(owner, { email }));
      const { temporary_password } = (await registered.json()) as { temporary_password: string };
      const signIn = async (server: Server, password = temporary_password) => {
        const res = await fetch(`${server.base}/api/auth/login`, json("", { email, password }));
        return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
      };
      const me = async (server: Server, cookie: string) => {
        const res = await fetch(`${server.base}/api/auth/me`, { headers: { cookie } });
        return res.status === 200 ? ((await res.json()) as { role: string }).role : res.status;
      };
      let cookie = await signIn(a);
      // Both have now looked the session up (and may keep it).
      expect([await me(a, cookie), await me(b, cookie), await me(b, cookie)]).toEqual([
        "User",
        "User",
        "User",
      ]);
      expect((await fetch(`${b.base}/api/update-role`, json(owner, { email, role: "Admin" }))).status).toBe(
        200,
      );
      expect([await me(a, cookie), await me(b, cookie)]).toEqual(["Admin", "Admin"]);
      expect((await fetch(`${a.base}/api/delete-user`, json(owner, { email }))).status).toBe(200);
      expect([await me(b, cookie), await me(a, cookie)]).toEqual([401, 401]);
      const reinstated = await fetch(`${b.base}/api/reinstate-user`, json(owner, { email }));
      expect(reinstated.status).toBe(200);
      // Back with a new temporary password: the one from before no longer signs in.
      expect(await signIn(b)).toBe("");
      cookie = await signIn(
        b,
        ((await reinstated.json()) as { temporary_password: string }).temporary_password,
      );
      expect([await me(a, cookie), await me(b, cookie)]).toEqual(["Admin", "Admin"]);
      expect((await fetch(`${a.base}/api/auth/logout`, json(cookie, {}))).status).toBe(200);
      expect([await me(b, cookie), await me(a, cookie)]).toEqual([401, 401]);
    });

    test("the inventory's years, islands and totals follow a box added or removed on the other at once", async () => {
      const cookie = await a.login("user@geolabs.example");
      const options = async (server: Server) => {
        const get = (path: string) =>
          fetch(`${server.base}${path}`, { headers: { cookie } }).then((r) => r.json());
        const [{ years }, { islands }, { total }] = (await Promise.all([
          get("/api/core-boxes/years"),
          get("/api/core-boxes/islands"),
          get(`/api/core-boxes?island=${encodeURIComponent(island)}`),
        ])) as [{ years: number[] }, { islands: string[] }, { total: number }];
        return { years, islands, total };
      };
      const year = setup.sqld ? 1901 : setup.s3 ? 1902 : 1903;
      // An island on the list that the demo boxes never use.
      const island = "Niihau";
      for (const s of [a, b, b]) {
        // Both have read them (and may keep them).
        const before = await options(s);
        expect(before.years).not.toContain(year);
        expect(before.total).toBe(0);
      }
      const created = await fetch(
        `${a.base}/api/core-boxes`,
        json(cookie, { work_order: `${year}-001`, year, island, keep_or_dump: "Dump" }),
      );
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const seen = await options(b);
      expect(seen.years).toContain(year);
      expect(seen.islands).toContain(island);
      expect(seen.total).toBe(1);
      expect(
        (await fetch(`${b.base}/api/core-boxes/${id}`, { method: "DELETE", headers: { cookie } })).status,
      ).toBe(200);
      const after = await options(a);
      expect(after.years).not.toContain(year);
      expect(after.total).toBe(0);
    });

    test("a notice raised on one reaches the other's API and live stream within 5 s", async () => {
      const requester = await b.login("user@geolabs.example");
      const replier = await a.login("admin@geolabs.example");
      const made = await fetch(
        `${a.base}/api/tickets`,
        json(requester, { title: "Two instances, one bell", description: "Notice test." }),
      );
      const { id } = (await made.json()) as { id: number };
      const stream = await fetch(`${b.base}/api/notifications/stream`, { headers: { cookie: requester } });
      expect(stream.status).toBe(200);
      const events = liveNotices(stream.body!);
      const first = (await events.next()).value as { type: string; unread: number };
      expect(first.type).toBe("unread");
      const at = performance.now();
      const replied = await fetch(
        `${a.base}/api/tickets/${id}/comments`,
        json(replier, { text: "Seen on A." }),
      );
      expect(replied.status).toBe(201);
      const next = await Promise.race([events.next(), Bun.sleep(5000).then(() => null)]);
      expect(next, "no notice on B's stream within 5 s").not.toBeNull();
      const live = next!.value as Extract<LiveNotice, { type: "notice" }>;
      expect(live.notice.link).toBe(`/it-tickets?ticket=${id}`);
      expect(live.unread).toBe(first.unread + 1);
      expect(performance.now() - at).toBeLessThan(5000);
      await events.return(undefined);
      const listed = await fetch(`${b.base}/api/notifications`, { headers: { cookie: requester } });
      const body = (await listed.json()) as { notifications: { id: number }[]; unread: number };
      expect(body.notifications[0]!.id).toBe(live.notice.id);
      // Read on B, it is read on A.
      await fetch(`${b.base}/api/notifications/${live.notice.id}/read`, json(requester, {}));
      const onA = await fetch(`${a.base}/api/notifications/unread`, { headers: { cookie: requester } });
      expect(((await onA.json()) as { unread: number }).unread).toBe(first.unread);
    });

    test("a change made on one is visible on the other at once", async () => {
      const cookie = await b.login("user@geolabs.example");
      const created = await fetch(
        `${a.base}/api/core-boxes`,
        json(cookie, { work_order: "8900-001", project: "A" }),
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
        [a, b, a, b].map((s) => fetch(`${s.base}/api/core-boxes`, json(cookie, { work_order: "8900-002" }))),
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
      // A local link is served by whichever instance gets it; an S3 link by the store itself.
      const links = setup.s3 ? [url] : [a, b].map((s) => `${s.base}${url}`);
      expect(links.every((l) => setup.s3 === l.startsWith(s3?.endpoint ?? "none"))).toBe(true);
      for (const link of links) {
        const res = await fetch(link);
        expect(res.status).toBe(200);
        expect(await res.text()).toStartWith("%PDF-");
      }
    });

    test("sign-in throttling holds across instances", async () => {
      const attempt = (s: typeof a) =>
        fetch(
          `${s.base}/api/auth/login`,
          json("", { email: "user@geolabs.example", password: "wrong-guess" }),
        );
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

      const client = createClient({ url: databaseUrl() });
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
}

/**
 * One instance killed hard (SIGKILL) while it runs a job, on the production settings (sqld + S3): the job's lease
 * runs out and the other instance takes it over and completes it, once. A pair of servers of its own, with a short
 * lease (JOBS_LEASE_S=5, the least allowed) and no demo data (its seed would queue jobs of its own).
 */
sayWhySkipped(SQLD_PLATFORM, "two instances on sqld, one killed mid-job", "sqld ships for Linux x64 only");
describe.skipIf(!SQLD_PLATFORM)(
  "two instances on a libSQL server (sqld) and an S3 store, one killed mid-job",
  () => {
    const LEASE_S = 5;
    const OWNER = "owner@geolabs.example";
    let a: Server;
    let b: Server;
    let s3: Awaited<ReturnType<typeof startS3>>;
    let sqld: Awaited<ReturnType<typeof startSqld>>;

    beforeAll(async () => {
      s3 = await startS3();
      sqld = await startSqld();
      const env = {
        ...s3.env,
        DATABASE_URL: sqld.url,
        SEED_DEMO: "false",
        JOBS_LEASE_S: String(LEASE_S),
        JOBS_CONCURRENCY: "1",
      };
      a = await startServer(env); // migrates the empty database
      b = await startServer(env);
      // An Owner to upload with (startServer's login() uses the demo password).
      const add = Bun.spawn(
        ["bun", "run", "scripts/user-add.ts", OWNER, "--role", "Owner", "--password", "geolabs-demo"],
        {
          cwd: ROOT,
          env: { ...process.env, ...env, LOG_LEVEL: "warn" },
          stdout: "ignore",
          stderr: "inherit",
        },
      );
      expect(await add.exited).toBe(0);
    }, 60_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await s3?.close();
      await sqld?.close();
    });

    /** Poll until `fn` answers something, or fail naming what did not happen in time. */
    async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 30_000) {
      const end = performance.now() + ms;
      for (;;) {
        const v = await fn();
        if (v) return v;
        if (performance.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
        await Bun.sleep(50);
      }
    }

    test("killing one mid-job loses nothing: the other takes the job over once its lease ran out and indexes it once", async () => {
      const cookie = await a.login(OWNER);
      const file = "killed.pdf";
      // A text page, then scanned pages: the job spends seconds reading them with OCR, where it is killed.
      const pdf = await buildPdf([
        { text: "Boring log summary: killed mid-job.\nThree borings, logged in March." },
        { scan: ["Core boxes are kept in the yard", "for ninety days after the report."] },
        { scan: ["Samples are sealed and labelled", "with the work order number."] },
      ]);
      const form = new FormData();
      form.set("db_name", "kill.db");
      form.set("action", "new");
      form.set("file", new File([pdf], file, { type: "application/pdf" }));
      // The request waits for the job; it ends with the process that serves it.
      const request = new AbortController();
      const upload = fetch(`${a.base}/api/process-file`, {
        method: "POST",
        headers: { cookie },
        body: form,
        signal: request.signal,
      }).catch(() => null);

      const client = createClient({ url: sqld.url });
      const one = async (sql: string, args: (string | number)[] = []) =>
        (await client.execute({ sql, args })).rows[0] as unknown as Record<string, unknown> | undefined;
      const count = async (sql: string, args: (string | number)[] = []) =>
        Number(Object.values((await one(sql, args)) ?? {})[0]);
      const jobOf = () =>
        one(
          "select id, status, attempts, lease_owner, lease_expires_at, steps, result from jobs where kind = 'index-file' and json_extract(payload, '$.fileName') = ?",
          [file],
        );
      const stepsOf = (row: Record<string, unknown>) => JSON.parse(String(row.steps)) as string[];
      try {
        // 1. The job is in flight: claimed, its pages extracted, the scanned ones being read with OCR.
        const running = await until("the job to reach OCR", async () => {
          const row = await jobOf();
          return row && stepsOf(row).some((s) => s.includes("will be read with OCR")) ? row : null;
        });
        expect(running.status, "the job ended before it could be killed").toBe("running");
        // Whichever instance claimed it (nearly always A, where it was queued) is the one killed.
        const pidOf = (owner: unknown) => Number(String(owner).split(":")[1]);
        const victim = [a, b].find((s) => s.pid === pidOf(running.lease_owner));
        expect(victim, `lease owner ${running.lease_owner}`).toBeDefined();
        const survivor = victim === a ? b : a;
        // Both processes share this machine, where a worker that finds the owner's process gone ends its lease at
        // once (jobs/queue.ts, releaseOrphans). On several hosts only the lease frees the job: name the owner as
        // another host's first (the job is still the victim's in every other way), so the survivor must wait it out.
        const relabelled = await client.execute({
          sql: "update jobs set lease_owner = 'another-host:' || substr(lease_owner, instr(lease_owner, ':') + 1) where id = ? and lease_owner = ? and status = 'running'",
          args: [Number(running.id), String(running.lease_owner)],
        });
        expect(relabelled.rowsAffected).toBe(1);
        process.kill(victim!.pid, "SIGKILL");
        await victim!.stop(); // reaps the killed process

        // 2. Nothing of the file was committed, and the job is still held by the dead process's lease.
        const killed = (await jobOf())!;
        expect(killed).toMatchObject({ status: "running", attempts: 1 });
        expect(stepsOf(killed).some((s) => s.startsWith("Indexed"))).toBe(false);
        expect(await count("select count(*) from doc_documents where file_name = ?", [file])).toBe(0);
        const leaseEnds = Number(killed.lease_expires_at);

        // 3. The survivor claims it only after that lease ran out, and completes it.
        const takenAt = await until("the survivor to claim the job", async () => {
          const row = await jobOf();
          return row && Number(row.attempts) > 1 ? { at: Date.now() } : null;
        });
        expect(takenAt.at).toBeGreaterThanOrEqual(leaseEnds);
        const done = await until("the job to end", async () => {
          const row = await jobOf();
          return row && (row.status === "done" || row.status === "failed") ? row : null;
        });
        const steps = stepsOf(done);
        expect(done.status, steps.join("\n")).toBe("done");
        expect(done.attempts).toBe(2);
        expect(pidOf(JSON.parse(String(done.result)).worker)).toBe(survivor.pid);
        expect(steps).toContain("Resumed after an interruption (attempt 2 of 3).");
        expect(steps.filter((s) => s.startsWith("Indexed"))).toEqual([
          expect.stringMatching(
            /^Indexed killed\.pdf in kill\.db: 3 page\(s\) \(2 by OCR\), \d+ chunk\(s\)\.$/,
          ),
        ]);

        // 4. Stored once: one job, one document with its chunks and OCR text, one history line, one original.
        expect(
          await count("select count(*) from jobs where json_extract(payload, '$.fileName') = ?", [file]),
        ).toBe(1);
        expect(await count("select count(*) from doc_documents where file_name = ?", [file])).toBe(1);
        expect(await count("select count(*) from doc_upload_history where file = ?", [file])).toBe(1);
        const chunks = await one(
          "select count(*) as n, count(distinct c.ordinal) as ordinals from doc_chunks c join doc_documents d on d.id = c.document_id where d.file_name = ?",
          [file],
        );
        expect(Number(chunks?.n)).toBeGreaterThan(0);
        expect(Number(chunks?.ordinals)).toBe(Number(chunks?.n)); // no chunk stored twice
        const ocr = await one(
          "select group_concat(p.text, ' ') as t from doc_pages p join doc_documents d on d.id = p.document_id where d.file_name = ? and p.page_no > 1",
          [file],
        );
        expect(String(ocr?.t).toLowerCase()).toContain("boxes");
        const keys: string[] = [];
        for await (const o of listAll(s3.store())) keys.push(o.key);
        expect(keys.filter((k) => k.startsWith("kill.db/"))).toEqual(["kill.db/killed.pdf"]);
        expect(keys.filter((k) => k.startsWith("_incoming/"))).toEqual([]); // the staging copy is gone

        // 5. The survivor serves it.
        const survivorCookie = await survivor.login(OWNER);
        const listed = await fetch(`${survivor.base}/api/list-files`, {
          method: "POST",
          headers: { cookie: survivorCookie, "content-type": "application/json" },
          body: JSON.stringify({ db_name: "kill.db" }),
        });
        expect(((await listed.json()) as { files: string[] }).files).toEqual([file]);
      } finally {
        request.abort();
        await upload;
        client.close();
      }
    }, 60_000);
  },
);
