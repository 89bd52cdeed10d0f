import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { docChunks, docDocuments, docPages } from "@server/db/schema";
import { DOCUMENT_MESSAGES } from "@shared/documents";
import { sql } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { postJson, processFile, processFileStream } from "../helpers/documents";
import { buildPdf, corruptPdf, textPdf } from "../helpers/pdfs";
import { uploadWatched } from "../helpers/storage";

let t: TestApp;
let admin: string;
let owner: string;
let user: string;
const HANDBOOK = [
  "Annual leave: full-time staff accrue 15 days of paid leave per year.",
  "Hard hats, steel-toe boots and hi-vis vests are required on every drill site.",
  "Expense claims must be filed within 30 days with receipts attached.",
];

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner, user] = await Promise.all([t.login(DEMO.admin), t.login(DEMO.owner), t.login(DEMO.user)]);
});
afterAll(() => t.close());

const count = async (table: typeof docChunks | typeof docPages | typeof docDocuments) =>
  (await t.deps.db.select({ n: sql<number>`count(*)` }).from(table))[0]!.n;

describe("POST /api/process-file", () => {
  test("a text PDF into a new database: steps, pages, chunks, full-text index, original stored", async () => {
    const r = await processFile(
      t,
      admin,
      { db_name: "handbook.db", action: "new", title: "Handbook", mode: "default", user: "mallory" },
      { name: "Handbook.pdf", content: await textPdf(HANDBOOK) },
    );
    expect(r.status).toBe(200);
    expect(r.body.steps![0]).toMatch(/^Received Handbook\.pdf \(\d KB\)\.$/);
    expect(r.body.steps).toContain("Extracted text from 3 of 3 page(s).");
    expect(r.body.steps).toContain("Stored the original as handbook.db/Handbook.pdf.");
    expect(r.body.steps!.at(-1)).toBe("Indexed Handbook.pdf in handbook.db: 3 page(s), 1 chunk(s).");
    expect(r.body.document_id).toBeGreaterThan(0);
    expect(await t.deps.store.head("handbook.db/Handbook.pdf")).not.toBeNull();
    const hits = await t.deps.db.all<{ first_page: number; last_page: number }>(
      sql`SELECT c.first_page, c.last_page FROM doc_chunks_fts f JOIN doc_chunks c ON c.id = f.rowid WHERE doc_chunks_fts MATCH 'boots'`,
    );
    expect(hits).toEqual([{ first_page: 1, last_page: 3 }]);
    // Identity is the session, never the `user` field.
    const history = await (await t.request("/api/upload-history", { cookie: user })).json();
    expect(history[0]).toMatchObject({ db: "handbook.db", file: "Handbook.pdf", user: DEMO.admin });
  });

  test("the same content again is skipped with a step saying so, under any name", async () => {
    const before = await count(docChunks);
    const again = await processFile(
      t,
      owner,
      { db_name: "handbook.db" },
      { name: "Copy.pdf", content: await textPdf(HANDBOOK) },
    );
    expect(again.status).toBe(200);
    expect(again.body.steps!.at(-1)).toBe(
      "Skipped Copy.pdf: the same content is already in handbook.db as Handbook.pdf.",
    );
    expect(await count(docChunks)).toBe(before);
    expect(await t.deps.store.head("handbook.db/Copy.pdf")).toBeNull();
  });

  test("a scanned-only PDF is read with OCR; a mixed PDF OCRs only its pages without text", async () => {
    const scanned = await buildPdf([
      { scan: ["Core samples are kept for", "ninety days after the report."] },
    ]);
    const r = await processFile(t, admin, { db_name: "handbook.db" }, { name: "scan.pdf", content: scanned });
    expect(r.status).toBe(200);
    expect(r.body.steps).toContain(
      "Extracted text from 0 of 1 page(s); 1 page(s) have no text and will be read with OCR.",
    );
    expect(r.body.steps!.at(-1)).toBe("Indexed scan.pdf in handbook.db: 1 page(s) (1 by OCR), 1 chunk(s).");
    const [page] = await t.deps.db.select().from(docPages).where(sql`document_id = ${r.body.document_id}`);
    expect(page!.ocr).toBe(true);
    expect(page!.text.toLowerCase()).toContain("core samples are kept");

    const mixed = await buildPdf([
      { text: HANDBOOK[0]! },
      { scan: ["Field vehicles need a logbook entry", "for every trip over 50 miles."] },
      { text: HANDBOOK[2]! },
    ]);
    const m = await processFile(t, admin, { db_name: "handbook.db" }, { name: "mixed.pdf", content: mixed });
    expect(m.body.steps).toContain(
      "Extracted text from 2 of 3 page(s); 1 page(s) have no text and will be read with OCR.",
    );
    expect(m.body.steps!.find((s) => s.startsWith("OCR page 2 (1 of 1)"))).toBeDefined();
    const pages = await t.deps.db
      .select()
      .from(docPages)
      .where(sql`document_id = ${m.body.document_id}`)
      .orderBy(docPages.pageNo);
    expect(pages.map((p) => p.ocr)).toEqual([false, true, false]);
    expect(pages[1]!.text.toLowerCase()).toContain("logbook");
  });

  test("a corrupt PDF fails with a clear step and leaves nothing behind", async () => {
    const docs = await count(docDocuments);
    const r = await processFile(
      t,
      admin,
      { db_name: "handbook.db" },
      { name: "broken.pdf", content: corruptPdf() },
    );
    expect(r.status).toBe(422);
    expect(r.body.error).toBe("broken.pdf could not be read: the file is damaged or is not a valid PDF.");
    expect(r.body.steps!.at(-1)).toBe(`Failed: ${r.body.error}`);
    expect(await count(docDocuments)).toBe(docs);
    expect(await t.deps.store.head("handbook.db/broken.pdf")).toBeNull();
    // The staging copy is gone too.
    expect((await t.deps.store.list({ prefix: "_incoming/" })).objects).toEqual([]);
  });

  test("a damaged upload never replaces the original of the same name", async () => {
    const r = await processFile(
      t,
      admin,
      { db_name: "handbook.db" },
      { name: "Handbook.pdf", content: corruptPdf() },
    );
    expect(r.status).toBe(422);
    const stored = await t.deps.store.get("handbook.db/Handbook.pdf");
    expect(
      new TextDecoder().decode(await new Response(stored.body).arrayBuffer()).startsWith("%PDF-1.7\n%"),
    ).toBe(true);
  });

  test("NDJSON: steps arrive as lines while the job runs, then one closing line", async () => {
    const s = await processFileStream(
      t,
      admin,
      { db_name: "stream.db", action: "new" },
      { name: "s.pdf", content: await textPdf(["Stream test page about vesting."]) },
    );
    expect(s.status).toBe(200);
    expect(s.type).toContain("application/x-ndjson");
    const steps = s.lines.slice(0, -1).map((l) => l.step);
    expect(steps).toEqual([
      "Received s.pdf (877 B).",
      "Extracted text from 1 of 1 page(s).",
      "Split into 1 chunk(s) of about 1,000 characters.",
      "Stored the original as stream.db/s.pdf.",
      "Indexed s.pdf in stream.db: 1 page(s), 1 chunk(s).",
    ]);
    expect(s.lines.at(-1)).toMatchObject({ done: true, ok: true, steps, document_id: expect.any(Number) });
    const failed = await processFileStream(
      t,
      admin,
      { db_name: "stream.db" },
      { name: "bad.pdf", content: corruptPdf() },
    );
    expect(failed.lines.at(-1)).toMatchObject({
      done: true,
      ok: false,
      error: expect.stringContaining("damaged"),
    });
  });

  test("names and fields: 400 for a bad name, 409 for new on an existing one, 404 for append to a missing one", async () => {
    const pdf = { name: "x.pdf", content: await textPdf(["x"]) };
    for (const bad of ["Bad Name.db", "a", "x/../y.db", "chat_history.db", ""]) {
      const r = await processFile(t, admin, { db_name: bad, action: "new" }, pdf);
      expect([bad, r.status]).toEqual([bad, 400]);
      expect(r.body.error).toMatch(/^db_name /);
    }
    expect((await processFile(t, admin, { db_name: "ok.db", mode: "chunky" }, pdf)).status).toBe(400);
    const exists = await processFile(t, admin, { db_name: "handbook.db", action: "new" }, pdf);
    expect([exists.status, exists.body.error]).toEqual([409, DOCUMENT_MESSAGES.dbExists("handbook.db")]);
    const missing = await processFile(t, admin, { db_name: "nope.db", action: "append" }, pdf);
    expect([missing.status, missing.body.error]).toEqual([404, DOCUMENT_MESSAGES.dbMissing("nope.db")]);
    expect(
      (await processFile(t, admin, { db_name: "ok.db", action: "new" }, { name: "x.txt", content: "%PDF-" }))
        .status,
    ).toBe(400);
  });

  test("permissions: User 403 and signed out 401 before anything is stored", async () => {
    const pdf = { name: "p.pdf", content: await textPdf(["p"]) };
    expect((await processFile(t, user, { db_name: "perm.db", action: "new" }, pdf)).status).toBe(403);
    expect((await processFile(t, undefined, { db_name: "perm.db", action: "new" }, pdf)).status).toBe(401);
    expect((await postJson(t, undefined, "/api/list-files", { db_name: "handbook.db" })).status).toBe(401);
    expect((await t.request("/api/list-dbs")).status).toBe(401);
    expect((await t.request("/api/upload-history")).status).toBe(401);
    expect((await t.request("/api/s3-db-pdfs")).status).toBe(401);
    expect((await postJson(t, undefined, "/api/inspect-db", { db_name: "handbook.db" })).status).toBe(401);
    expect(
      (
        await postJson(t, undefined, "/api/delete-db", {
          db_name: "handbook.db",
          confirmation_text: "DELETE handbook.db",
        })
      ).status,
    ).toBe(401);
    expect((await t.request("/api/list-dbs", { cookie: admin }).then((r) => r.json())).dbs).not.toContain(
      "perm.db",
    );
  });

  test("a User's upload is refused before any of the form is read; an Admin's is read", async () => {
    expect(await uploadWatched(t, "/api/process-file", user)).toEqual({ status: 403, pulled: 0 });
    expect((await uploadWatched(t, "/api/process-file", admin)).pulled).toBeGreaterThan(0);
  });
});

describe("reading databases (every signed-in user)", () => {
  test("list-dbs, list-files, s3-db-pdfs", async () => {
    const dbs = (await (await t.request("/api/list-dbs", { cookie: user })).json()).dbs as string[];
    expect(dbs).toEqual(expect.arrayContaining(["handbook.db", "stream.db"]));
    const files = await postJson(t, user, "/api/list-files", { db_name: "handbook.db" });
    expect(files.body).toEqual({ files: ["Handbook.pdf", "mixed.pdf", "scan.pdf"] });
    expect((await postJson(t, user, "/api/list-files", { db_name: "Bad!" })).status).toBe(400);
    expect((await postJson(t, user, "/api/list-files", { db_name: "none.db" })).status).toBe(404);
    const links = (await (await t.request("/api/s3-db-pdfs", { cookie: user })).json()).files as {
      Key: string;
      url: string;
    }[];
    const link = links.find((l) => l.Key === "handbook.db/Handbook.pdf")!;
    expect((await t.request(link.url)).headers.get("content-type")).toBe("application/pdf");
  });

  test("list-files and documents.listFiles list the same files in the same order, and refuse alike", async () => {
    const rest = await postJson(t, user, "/api/list-files", { db_name: "handbook.db" });
    const trpc = await trpcCall(t, user, "documents.listFiles", { db_name: "handbook.db" });
    const files = (trpc.data as { files: { fileName: string }[] }).files;
    expect(files.map((f) => f.fileName)).toEqual(rest.body.files as string[]);
    const missing = await trpcCall(t, user, "documents.listFiles", { db_name: "none.db" });
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe(
      (await postJson(t, user, "/api/list-files", { db_name: "none.db" })).body.error,
    );
  });

  test("inspect-db: per table columns and up to 5 sample rows, strings cut at 50 characters", async () => {
    const r = await postJson(t, user, "/api/inspect-db", { db_name: "handbook.db" });
    expect(r.status).toBe(200);
    const info = r.body as Record<string, { columns: string[]; sample_rows: unknown[][] }>;
    expect(Object.keys(info)).toEqual(["collection", "documents", "pages", "chunks", "embeddings"]);
    expect(info.documents!.columns).toContain("file_name");
    expect(info.chunks!.sample_rows.length).toBeGreaterThan(0);
    for (const table of Object.values(info)) {
      expect(table.sample_rows.length).toBeLessThanOrEqual(5);
      for (const row of table.sample_rows) {
        expect(row.length).toBe(table.columns.length);
        for (const v of row) if (typeof v === "string") expect(v.length).toBeLessThanOrEqual(50);
      }
    }
    expect(info.pages!.sample_rows[0]).toEqual([expect.any(Number), 1, HANDBOOK[0]!.slice(0, 50), 0]);
  });
});

describe("POST /api/delete-db", () => {
  test("wrong confirmation: 400 'Confirmation does not match.' and nothing removed; User 403", async () => {
    for (const text of ["delete handbook.db", "DELETE handbook", "DELETE  handbook.db", ""]) {
      const r = await postJson(t, admin, "/api/delete-db", {
        db_name: "handbook.db",
        confirmation_text: text,
      });
      expect([text, r.status, r.body.error]).toEqual([text, 400, "Confirmation does not match."]);
    }
    const denied = await postJson(t, user, "/api/delete-db", {
      db_name: "handbook.db",
      confirmation_text: "DELETE handbook.db",
    });
    expect(denied.status).toBe(403);
    expect(await t.deps.store.head("handbook.db/Handbook.pdf")).not.toBeNull();
  });

  test("the exact confirmation removes rows, index entries and originals, and is audited", async () => {
    const r = await postJson(t, owner, "/api/delete-db", {
      db_name: "handbook.db",
      confirmation_text: "DELETE handbook.db",
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(DOCUMENT_MESSAGES.deleted("handbook.db"));
    expect(await t.deps.store.head("handbook.db/Handbook.pdf")).toBeNull();
    const left = await t.deps.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM doc_chunks_fts WHERE doc_chunks_fts MATCH 'boots'`,
    );
    expect(left[0]!.n).toBe(0);
    const docs = await t.deps.db.select().from(docDocuments).where(sql`file_name = 'Handbook.pdf'`);
    expect(docs).toEqual([]);
    const audit = await t.deps.db.all<{ actor: string }>(
      sql`SELECT actor FROM audit_log WHERE action = 'documents.delete_db' AND target = 'handbook.db'`,
    );
    expect(audit).toEqual([{ actor: DEMO.owner }]);
    expect((await postJson(t, user, "/api/list-files", { db_name: "handbook.db" })).status).toBe(404);
    // History outlives the database.
    const history = (await (await t.request("/api/upload-history?q=handbook", { cookie: user })).json()) as {
      db: string;
    }[];
    expect(history.length).toBeGreaterThan(0);
  });
});
