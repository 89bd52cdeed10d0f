import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { docDocuments, jobs } from "@server/db/schema";
import type { IndexFilePayload } from "@server/domains/documents/pipeline/index-file";
import { documentJobCleanups, documentJobHandlers } from "@server/domains/documents/pipeline/jobs";
import { createCollection } from "@server/domains/documents/pipeline/store-rows";
import { getJob } from "@server/jobs/queue";
import { createJobRunner, type JobHandler, type JobRunner, type WorkerOptions } from "@server/jobs/worker";
import { OUTAGE_MESSAGES } from "@server/lib/errors";
import type { OcrPool } from "@server/ocr/scans/pool";
import type { ObjectStore } from "@server/storage/object-store";
import { stageUpload } from "@server/storage/staging";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { buildPdf } from "../helpers/pdfs";

let t: TestApp;
const runners: JobRunner[] = [];
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "false" });
});
// Every worker of a test ends with it, so none claims the next test's jobs.
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
});
afterAll(() => t.close());

/** An OCR pool whose answers the test releases (a job "hangs" in OCR until then). */
function gatedOcr(text: string) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const pool = {
    recognize: async () => {
      await gate;
      return { text, confidence: 90, lines: [], words: [], ms: 1 };
    },
  } as unknown as OcrPool;
  return { pool, open };
}

const LEASE_MS = 1000;
/** A clock a lease (and a bit) ahead: to a worker reading it, a dead worker's lease has run out already. */
const leaseLater = () => Date.now() + LEASE_MS + 100;

function runner(ocr: OcrPool, opts: { store?: ObjectStore; retryBaseMs?: number; now?: () => number } = {}) {
  const { db, pdf, log } = t.deps;
  const pipeline = { db, store: opts.store ?? t.deps.store, ocr, pdf, log, embeddings: null };
  const r: JobRunner = createJobRunner({
    db,
    log,
    handlers: documentJobHandlers(pipeline, () => r),
    cleanups: documentJobCleanups(pipeline),
    leaseMs: LEASE_MS,
    pollMs: 50,
    retryBaseMs: opts.retryBaseMs,
    now: opts.now,
  });
  runners.push(r);
  return r;
}

/** A runner of `refresh-embeddings` jobs with the given handler, stopped after the test. */
function handlerRunner(handler: JobHandler, opts: Partial<WorkerOptions> = {}) {
  const r = createJobRunner({
    db: t.deps.db,
    log: t.deps.log,
    handlers: { "refresh-embeddings": handler },
    leaseMs: LEASE_MS,
    pollMs: 50,
    ...opts,
  });
  runners.push(r);
  return r;
}

async function scannedJob(db: string, maxAttempts = 3) {
  await t.deps.db.transaction((tx) =>
    createCollection(tx, { name: db, title: "", mode: "default", user: "test" }),
  );
  const bytes = await buildPdf([
    { text: "A cover page with a proper text layer on it." },
    { scan: ["Core boxes"] },
  ]);
  const { key } = await stageUpload(t.deps.store, bytes);
  const payload: IndexFilePayload = {
    db,
    fileName: "scan.pdf",
    source: key,
    staged: true,
    user: "admin@geolabs.example",
    mode: "default",
    title: "",
    create: false,
  };
  return { payload: payload as unknown as Record<string, unknown>, key, maxAttempts };
}

async function until(fn: () => Promise<boolean>, ms = 20_000) {
  const end = performance.now() + ms;
  while (!(await fn())) {
    if (performance.now() > end) throw new Error("timed out");
    await Bun.sleep(25);
  }
}

describe("restart during a job", () => {
  test("a worker killed mid-job: the next worker resumes it after the lease, indexes it once", async () => {
    const job = await scannedJob("restart.db");
    const a = gatedOcr("Text the dead worker never delivers");
    const first = runner(a.pool);
    const id = await first.enqueue("index-file", job.payload);
    await until(async () =>
      ((await getJob(t.deps.db, id))?.steps ?? []).some((s) => s.startsWith("Extracted")),
    );
    const gone = first.kill(); // the process "dies" while OCR runs

    const row = await getJob(t.deps.db, id);
    expect(row).toMatchObject({ status: "running", attempts: 1, leaseOwner: first.owner });

    const b = gatedOcr("Core boxes are kept in the yard for ninety days");
    b.open();
    const second = runner(b.pool, { now: leaseLater });
    second.start();
    const done = await second.wait(id);
    expect(done.status).toBe("done");
    expect(done.attempts).toBe(2);
    expect(done.steps).toContain("Resumed after an interruption (attempt 2 of 3).");
    expect(done.steps.at(-1)).toBe("Indexed scan.pdf in restart.db: 2 page(s) (1 by OCR), 1 chunk(s).");

    // The dead worker lost the job: nothing of its work may land. Checked once its handler has returned, so
    // whatever it was going to write is written by then. (Its page OCR runs in the PDF process, not in `a`.)
    a.open();
    await gone;
    const final = (await getJob(t.deps.db, id))!;
    expect(final.steps).toEqual(done.steps);
    expect(final.steps.filter((s) => s.startsWith("OCR page 2")).length).toBe(1);
    expect(await docsAt("restart.db/scan.pdf")).toHaveLength(1);
    expect(await t.deps.store.head(job.key)).toBeNull();
    expect(await t.deps.store.head("restart.db/scan.pdf")).not.toBeNull();
  });

  test("a job whose worker died on its last attempt is failed with the reason on the next start", async () => {
    const job = await scannedJob("exhausted.db");
    const a = gatedOcr("never");
    const first = runner(a.pool);
    const id = await first.enqueue("index-file", job.payload, { maxAttempts: 1 });
    await until(async () =>
      ((await getJob(t.deps.db, id))?.steps ?? []).some((s) => s.startsWith("Extracted")),
    );
    void first.kill();
    const next = runner(gatedOcr("x").pool, { now: leaseLater }); // the lease has run out, to this worker
    next.start();
    const row = await next.wait(id);
    expect(row.status).toBe("failed");
    expect(row.error).toBe("Stopped after 1 attempt(s): the server stopped while the job ran.");
    expect(row.steps.at(-1)).toBe("Failed: the server stopped while this job ran, 1 time(s); giving up.");
    a.open();
  });

  test("a graceful stop hands the running job back without spending an attempt", async () => {
    const job = await scannedJob("graceful.db");
    const a = gatedOcr("later");
    const first = runner(a.pool);
    const id = await first.enqueue("index-file", job.payload);
    await until(async () =>
      ((await getJob(t.deps.db, id))?.steps ?? []).some((s) => s.startsWith("Extracted")),
    );
    const stopping = first.stop();
    a.open();
    await stopping;
    expect(await getJob(t.deps.db, id)).toMatchObject({ status: "queued", attempts: 0, leaseOwner: null });
    const b = gatedOcr("Now it is read");
    b.open();
    const second = runner(b.pool);
    second.start();
    expect((await second.wait(id)).status).toBe("done");
  });
});

/** The store, except that `copy` copies and then never returns (the process "dies" right after the copy). */
function storeDyingAfterCopy() {
  const store = Object.create(t.deps.store) as ObjectStore;
  let copied!: () => void;
  const done = new Promise<void>((resolve) => {
    copied = resolve;
  });
  store.copy = async (from, to) => {
    await t.deps.store.copy(from, to);
    copied();
    await new Promise(() => {});
  };
  return { store, copied: done };
}

const docsAt = (key: string) => t.deps.db.select().from(docDocuments).where(eq(docDocuments.storageKey, key));

describe("a worker that dies between storing the original and committing the document", () => {
  test("on its last attempt: failed with the reason, and neither the original nor the staging copy stays", async () => {
    const job = await scannedJob("orphan.db");
    const ocr = gatedOcr("Core boxes");
    ocr.open();
    const dying = storeDyingAfterCopy();
    const first = runner(ocr.pool, { store: dying.store });
    const id = await first.enqueue("index-file", job.payload, { maxAttempts: 1 });
    await dying.copied;
    void first.kill();
    // The dead worker's copy is in the database's folder, with no document: what must not stay visible.
    expect(await t.deps.store.head("orphan.db/scan.pdf")).not.toBeNull();
    expect(await docsAt("orphan.db/scan.pdf")).toHaveLength(0);
    expect((await getJob(t.deps.db, id))!.result).toMatchObject({ placedOriginal: true });

    const next = runner(gatedOcr("x").pool, { now: leaseLater }); // the lease has run out, to this worker
    next.start();
    const row = await next.wait(id);
    expect(row.status).toBe("failed");
    expect(row.error).toBe("Stopped after 1 attempt(s): the server stopped while the job ran.");
    await until(async () => !(await t.deps.store.head("orphan.db/scan.pdf")));
    expect(await t.deps.store.head(job.key)).toBeNull();
    expect(await docsAt("orphan.db/scan.pdf")).toHaveLength(0);
  });

  test("with attempts left: the next worker commits it once and keeps the original", async () => {
    const job = await scannedJob("orphan-resumed.db");
    const ocr = gatedOcr("Core boxes are logged");
    ocr.open();
    const dying = storeDyingAfterCopy();
    const first = runner(ocr.pool, { store: dying.store });
    const id = await first.enqueue("index-file", job.payload);
    await dying.copied;
    void first.kill();
    const second = runner(ocr.pool, { now: leaseLater }); // the lease has run out, to this worker
    second.start();
    const row = await second.wait(id);
    expect(row.status).toBe("done");
    expect(row.steps).toContain("Resumed after an interruption (attempt 2 of 3).");
    expect(await docsAt("orphan-resumed.db/scan.pdf")).toHaveLength(1);
    expect(await t.deps.store.head("orphan-resumed.db/scan.pdf")).not.toBeNull();
    expect(await t.deps.store.head(job.key)).toBeNull();
  });

  test("a worker that died after the commit: the resumed job finds its document instead of failing", async () => {
    const job = await scannedJob("committed.db");
    const ocr = gatedOcr("Core boxes are logged");
    ocr.open();
    const first = runner(ocr.pool);
    const id = await first.enqueue("index-file", job.payload);
    const done = await first.wait(id);
    const documentId = (done.result as { document_id: number }).document_id;
    // Put the row back as a process that died after removing the staging copy, before ending the job, left it.
    await t.deps.db
      .update(jobs)
      .set({
        status: "running",
        leaseOwner: "gone",
        leaseExpiresAt: Date.now() - 1,
        result: { sha256: (await docsAt("committed.db/scan.pdf"))[0]!.sha256, placedOriginal: true },
      })
      .where(eq(jobs.id, id));
    const second = runner(ocr.pool);
    second.start();
    const row = await second.wait(id);
    expect(row.status).toBe("done");
    expect(row.steps.at(-1)).toBe("scan.pdf was indexed in committed.db before the interruption.");
    expect((row.result as { document_id: number }).document_id).toBe(documentId);
    expect(await docsAt("committed.db/scan.pdf")).toHaveLength(1);
    expect(await t.deps.store.head("committed.db/scan.pdf")).not.toBeNull();
  });
});

describe("claiming", () => {
  test("three workers share 24 jobs: each runs exactly once; a long job keeps its lease", async () => {
    const runs: { id: number; owner: string }[] = [];
    const slow: JobHandler = async (ctx) => {
      runs.push({ id: ctx.job.id, owner: ctx.job.leaseOwner! });
      // Longer than the lease for the first job: only renewal keeps it from being taken over.
      await Bun.sleep((ctx.job.payload as { n: number }).n === 0 ? 2200 : 10);
      await ctx.step("ran");
      return { ok: true };
    };
    // Leases of 1 s renewed every third of it: 330 ms of slack for a busy machine.
    const workers = [0, 1, 2].map(() => handlerRunner(slow, { concurrency: 2 }));
    const ids: number[] = [];
    for (let n = 0; n < 24; n++) ids.push(await workers[0]!.enqueue("refresh-embeddings", { n }));
    for (const w of workers) w.start();
    const rows = await Promise.all(ids.map((id) => workers[1]!.wait(id)));
    expect(rows.every((r) => r.status === "done" && r.attempts === 1 && r.steps.length === 1)).toBe(true);
    expect(runs.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(runs.map((r) => r.owner)).size).toBeGreaterThan(1);
  });
});

describe("a dependency that fails under a job", () => {
  const failing =
    (code: string): JobHandler =>
    async () => {
      throw Object.assign(new Error(`${code}: simulated`), { code });
    };
  const runOne = async (handler: JobHandler, maxAttempts: number) => {
    const r = handlerRunner(handler, { pollMs: 20, retryBaseMs: 200 });
    const id = await r.enqueue("refresh-embeddings", {}, { maxAttempts });
    r.start();
    return r.wait(id);
  };

  test("a full disk is retried after a pause, then fails with the sentence a person can act on", async () => {
    const started = performance.now();
    const row = await runOne(failing("ENOSPC"), 2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(200); // the pause before attempt 2
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(2);
    expect(row.steps).toContain(`Attempt 1 failed: ${OUTAGE_MESSAGES.diskFull} Trying again in 1 s.`);
    expect(row.error).toBe(OUTAGE_MESSAGES.diskFull);
    expect(row.steps.at(-1)).toBe(`Failed: ${OUTAGE_MESSAGES.diskFull}`);
  });

  test("a file store that goes down as the original is stored: failed with that reason, nothing half-indexed", async () => {
    const job = await scannedJob("storeless.db", 2);
    // The staged upload is read, its text extracted and its scanned page read; placing the original fails.
    const down = new Proxy(t.deps.store, {
      get: (target, prop, receiver) => {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== "copy") return typeof value === "function" ? value.bind(target) : value;
        return async () => {
          throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
        };
      },
    });
    const ocr = gatedOcr("Core boxes");
    ocr.open();
    const r = runner(ocr.pool, { store: down, retryBaseMs: 50 });
    const id = await r.enqueue("index-file", job.payload, { maxAttempts: job.maxAttempts });
    r.start();
    const row = await r.wait(id);
    expect(row.status).toBe("failed");
    expect(row.error).toBe(OUTAGE_MESSAGES.unreachable);
    expect(row.steps.some((s) => s.startsWith("Split into"))).toBe(true); // it got as far as the copy
    expect(await docsAt("storeless.db/scan.pdf")).toHaveLength(0);
    expect(await t.deps.store.head("storeless.db/scan.pdf")).toBeNull();
  });

  test("an error that is nobody's outage still reads 'The job failed unexpectedly.'", async () => {
    const row = await runOne(async () => {
      throw new TypeError("undefined is not a function");
    }, 1);
    expect(row.error).toBe("The job failed unexpectedly.");
  });

  test("the end hook hears a job's end once, in its transaction: after the last attempt, not after a retry", async () => {
    const ends: { id: number; status: string; error: string | null; committed: boolean }[] = [];
    let afterCommit = 0;
    const r = handlerRunner(failing("ENOSPC"), {
      retryBaseMs: 20,
      onEnd: async (tx, job, end) => {
        // Inside the ending transaction the row already reads as ended.
        const [row] = await tx.select().from(jobs).where(eq(jobs.id, job.id));
        ends.push({ id: job.id, ...end, committed: row?.status === "failed" });
        return () => afterCommit++;
      },
    });
    const id = await r.enqueue("refresh-embeddings", { user: "hook@geolabs.example" }, { maxAttempts: 2 });
    r.start();
    await r.wait(id);
    expect(ends).toEqual([{ id, status: "failed", error: OUTAGE_MESSAGES.diskFull, committed: true }]);
    expect(afterCommit).toBe(1);
  });

  test("a job abandoned on its last attempt is told to the end hook too", async () => {
    const now = Date.now();
    const [row] = await t.deps.db
      .insert(jobs)
      .values({
        kind: "refresh-embeddings",
        payload: { user: "hook@geolabs.example" },
        status: "running",
        attempts: 1,
        maxAttempts: 1,
        leaseOwner: "gone-host:1:x",
        leaseExpiresAt: now - 1000,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const told: number[] = [];
    const r = handlerRunner(async () => ({ ok: true }), {
      onEnd: async (_tx, job, end) => {
        if (end.status === "failed" && end.error?.startsWith("Stopped after 1 attempt(s)")) told.push(job.id);
        return undefined;
      },
    });
    r.start();
    await r.wait(row!.id);
    expect(told).toEqual([row!.id]);
  });
});
