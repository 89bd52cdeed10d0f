import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { STORAGE_MESSAGES } from "@shared/storage";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { listKeys, PDF, postJson, upload } from "../helpers/storage";

let t: TestApp;
let admin: string;
let owner: string;
let user: string;
const put = async (db: string, name: string, prefix = "") => {
  const r = await upload(t, admin, { db_name: db, prefix }, { name, content: PDF(name) });
  if (r.status !== 200) throw new Error(`upload failed: ${JSON.stringify(r.body)}`);
  return r.body.key!;
};

beforeAll(async () => {
  t = await startTestApp();
  [admin, owner, user] = await Promise.all([t.login(DEMO.admin), t.login(DEMO.owner), t.login(DEMO.user)]);
  // Something outside the store that no request may reach.
  writeFileSync(join(t.dataDir, "sentinel.pdf"), PDF("outside"));
});
afterAll(() => t.close());

/** Each of these must be refused (400) wherever a key is accepted. */
const TRAVERSALS = [
  "../x.pdf",
  "a/../../b",
  "../../sentinel.pdf",
  "..%2F..%2Fsentinel.pdf",
  "%2e%2e/x.pdf",
  "a\u0000.pdf",
  "proj.db/\u202efdp.exe",
  "proj.db/a\u200b.pdf",
];

describe("POST /api/s3/move", () => {
  test("renames within the top folder, collapsing slashes, and answers { key, url }", async () => {
    const src = await put("mv.db", "a.pdf", "in");
    const r = await postJson(t, admin, "/api/s3/move", { src_key: src, dst_key: "mv.db//out///b.pdf" });
    expect(r.status).toBe(200);
    expect(r.body.key).toBe("mv.db/out/b.pdf");
    expect(typeof r.body.url).toBe("string");
    const keys = await listKeys(t, admin);
    expect(keys).toContain("mv.db/out/b.pdf");
    expect(keys).not.toContain(src);
  });

  test("empty, unchanged, another top folder and an existing target are refused, each with its message", async () => {
    const src = await put("mv2.db", "keep.pdf");
    await put("mv2.db", "other.pdf");
    const cases: [string, number, string][] = [
      ["", 400, STORAGE_MESSAGES.moveEmpty],
      [" // ", 400, STORAGE_MESSAGES.moveEmpty],
      ["mv2.db/keep.pdf", 400, STORAGE_MESSAGES.moveUnchanged],
      ["/mv2.db//keep.pdf", 400, STORAGE_MESSAGES.moveUnchanged],
      ["elsewhere.db/keep.pdf", 400, STORAGE_MESSAGES.moveAcrossFolders("mv2.db")],
      ["keep.pdf", 400, STORAGE_MESSAGES.moveAcrossFolders("mv2.db")],
      ["mv2.db/other.pdf", 409, STORAGE_MESSAGES.moveTargetExists("mv2.db/other.pdf")],
    ];
    for (const [dst, status, message] of cases) {
      const r = await postJson(t, admin, "/api/s3/move", { src_key: src, dst_key: dst });
      expect([dst, r.status, r.body.error]).toEqual([dst, status, message]);
    }
    expect(await listKeys(t, admin)).toContain(src);
  });

  test("a PDF keeps its .pdf: another extension or none is refused with the sentence and moves nothing", async () => {
    const src = await put("mv5.db", "Lab Guide.pdf");
    for (const dst of ["mv5.db/Lab Guide.txt", "mv5.db/Lab Guide", "mv5.db/Lab Guide.pdf.txt"]) {
      const r = await postJson(t, admin, "/api/s3/move", { src_key: src, dst_key: dst });
      expect([dst, r.status, r.body.error]).toEqual([dst, 400, STORAGE_MESSAGES.movePdfExtension]);
    }
    expect(await listKeys(t, admin)).toContain(src);
    const kept = await postJson(t, admin, "/api/s3/move", {
      src_key: src,
      dst_key: "mv5.db/Lab Guide 2026.PDF",
    });
    expect([kept.status, kept.body.key]).toEqual([200, "mv5.db/Lab Guide 2026.PDF"]);
  });

  test("a missing source is 404", async () => {
    const r = await postJson(t, admin, "/api/s3/move", { src_key: "mv.db/none.pdf", dst_key: "mv.db/x.pdf" });
    expect(r.status).toBe(404);
  });

  test("traversal in either key is refused with 400 and touches nothing", async () => {
    const src = await put("mv3.db", "t.pdf");
    for (const bad of TRAVERSALS) {
      expect((await postJson(t, admin, "/api/s3/move", { src_key: src, dst_key: bad })).status).toBe(400);
      expect(
        (await postJson(t, admin, "/api/s3/move", { src_key: bad, dst_key: "mv3.db/u.pdf" })).status,
      ).toBe(400);
    }
    expect(existsSync(join(t.dataDir, "sentinel.pdf"))).toBe(true);
    expect(await listKeys(t, admin)).toContain(src);
  });

  test("permissions: Owner may move; User gets 403", async () => {
    const src = await put("mv4.db", "p.pdf");
    const denied = await postJson(t, user, "/api/s3/move", { src_key: src, dst_key: "mv4.db/q.pdf" });
    expect(denied.status).toBe(403);
    expect((await postJson(t, owner, "/api/s3/move", { src_key: src, dst_key: "mv4.db/q.pdf" })).status).toBe(
      200,
    );
  });
});

describe("POST /api/s3/delete", () => {
  test("{ key } deletes one file; deleting it again is 404", async () => {
    const key = await put("del.db", "one.pdf");
    const r = await postJson(t, admin, "/api/s3/delete", { key });
    expect(r).toEqual({ status: 200, body: { deleted: [key], missing: [] } });
    expect(await listKeys(t, admin)).not.toContain(key);
    expect((await postJson(t, admin, "/api/s3/delete", { key })).status).toBe(404);
  });

  test("{ keys } deletes several and reports the ones that were not there", async () => {
    const a = await put("del.db", "a.pdf");
    const b = await put("del.db", "b.pdf");
    const r = await postJson(t, owner, "/api/s3/delete", { keys: [a, b, "del.db/ghost.pdf"] });
    expect(r.body).toEqual({ deleted: [a, b], missing: ["del.db/ghost.pdf"] });
  });

  test("bad bodies are 400 with a message", async () => {
    for (const body of [{}, { key: "x.pdf", keys: ["y.pdf"] }, { keys: [] }, { key: 42 }]) {
      const r = await postJson(t, admin, "/api/s3/delete", body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBeTruthy();
    }
  });

  test("traversal keys are 400 and nothing outside the store is touched; /etc/passwd is a key inside it", async () => {
    for (const bad of TRAVERSALS) {
      const r = await postJson(t, admin, "/api/s3/delete", { key: bad });
      expect([bad, r.status]).toEqual([bad, 400]);
      expect(r.body.error).toMatch(/^key /);
      expect((await postJson(t, admin, "/api/s3/delete", { keys: ["del.db/x.pdf", bad] })).status).toBe(400);
    }
    const passwd = await postJson(t, admin, "/api/s3/delete", { key: "/etc/passwd" });
    expect(passwd.status).toBe(404);
    expect(passwd.body.error).toBe(STORAGE_MESSAGES.notFound("etc/passwd"));
    expect(existsSync("/etc/passwd")).toBe(true);
    expect(existsSync(join(t.dataDir, "sentinel.pdf"))).toBe(true);
  });

  test("permissions: User gets 403 and the file stays", async () => {
    const key = await put("del.db", "stays.pdf");
    expect((await postJson(t, user, "/api/s3/delete", { key })).status).toBe(403);
    expect((await postJson(t, user, "/api/s3/delete", { keys: [key] })).status).toBe(403);
    expect(await listKeys(t, admin)).toContain(key);
  });
});

describe("reindex (document indexing of stored files)", () => {
  test("a stored file that is not a readable PDF: 422 with the reason; User 403; bad input 400; missing 404", async () => {
    const key = await put("reidx.db", "a.pdf");
    const r = await postJson(t, admin, "/api/s3/reindex", { key, db_name: "reidx.db", mode: "chunks" });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe("a.pdf could not be read: the file is damaged or is not a valid PDF.");
    const batch = await postJson(t, admin, "/api/s3/reindex-batch", { keys: [key], db_name: "reidx.db" });
    expect(batch.status).toBe(422);
    expect(batch.body.error).toMatch(/^Batch indexing failed: /);
    expect((await postJson(t, user, "/api/s3/reindex", { key: "a.pdf", db_name: "x.db" })).status).toBe(403);
    expect((await postJson(t, admin, "/api/s3/reindex", { key: "../a.pdf", db_name: "x.db" })).status).toBe(
      400,
    );
    const badName = await postJson(t, admin, "/api/s3/reindex", { key, db_name: "Bad Name" });
    expect(badName.status).toBe(400);
    expect(badName.body.error).toBe(STORAGE_MESSAGES.notIndexable("Bad Name"));
    expect(
      (await postJson(t, admin, "/api/s3/reindex", { key: "reidx.db/none.pdf", db_name: "reidx.db" })).status,
    ).toBe(404);
  });
});

describe("GET /api/s3/history", () => {
  test("lists uploads, moves and deletes newest first, with database, file and user", async () => {
    const key = await put("hist.db", "h.pdf", "sub");
    await postJson(t, admin, "/api/s3/move", { src_key: key, dst_key: "hist.db/h2.pdf" });
    await postJson(t, owner, "/api/s3/delete", { key: "hist.db/h2.pdf" });
    const res = await t.request("/api/s3/history?db=hist.db&limit=10", { cookie: user });
    expect(res.status).toBe(200);
    const { events } = (await res.json()) as { events: Record<string, unknown>[] };
    expect(events.map((e) => [e.action, e.db, e.file, e.user, e.from])).toEqual([
      ["delete", "hist.db", "h2.pdf", DEMO.owner, null],
      ["move", "hist.db", "h2.pdf", DEMO.admin, "hist.db/sub/h.pdf"],
      ["upload", "hist.db", "sub/h.pdf", DEMO.admin, null],
    ]);
    expect(new Date(events[0]!.time as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  test("each change is also in the audit log", async () => {
    const rows = await t.deps.database.client.execute(
      "select action, target from audit_log where target like 'hist.db/%' order by id",
    );
    expect(rows.rows.map((r) => r.action)).toEqual(["storage.upload", "storage.move", "storage.delete"]);
  });

  test("a bad limit is 400", async () => {
    expect((await t.request("/api/s3/history?limit=0", { cookie: user })).status).toBe(400);
  });
});
