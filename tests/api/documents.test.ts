import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DOCUMENT_MESSAGES } from "@shared/documents";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { processFile } from "../helpers/documents";
import { corruptPdf, textPdf } from "../helpers/pdfs";

let t: TestApp;
const code = (p: Promise<unknown>) =>
  p.then(
    () => "OK",
    (e: { code?: string }) => e.code,
  );

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.login(DEMO.admin);
  await processFile(
    t,
    admin,
    { db_name: "api_docs.db", action: "new", title: "API Docs", mode: "general" },
    {
      name: "b.pdf",
      content: await textPdf(["Vesting: 25% of granted shares vest after each full year of service."]),
    },
  );
  await processFile(
    t,
    admin,
    { db_name: "api_docs.db" },
    { name: "a.pdf", content: await textPdf(["Matching: 100% of the first 4%."]) },
  );
  await processFile(t, admin, { db_name: "api_docs.db" }, { name: "c.pdf", content: corruptPdf() });
});
afterAll(() => t.close());

describe("documents router (reads: every signed-in user)", () => {
  test("listDbs: name, title, mode, file count, created", async () => {
    const { dbs } = await (await callerAs(t, DEMO.user)).documents.listDbs();
    expect(dbs).toEqual([
      { name: "api_docs.db", title: "API Docs", mode: "general", files: 2, createdAt: expect.any(String) },
    ]);
  });

  test("listFiles: in name order, with pages, status and a signed link", async () => {
    const { files } = await (await callerAs(t, DEMO.user)).documents.listFiles({ db_name: "api_docs.db" });
    expect(files.map((f) => [f.fileName, f.pages, f.status, f.uploadedBy])).toEqual([
      ["a.pdf", 1, "indexed", DEMO.admin],
      ["b.pdf", 1, "indexed", DEMO.admin],
    ]);
    expect(files[0]!.url).toMatch(/^\/files\/api_docs\.db\/a\.pdf\?/);
    expect(files[0]!.key).toBe("api_docs.db/a.pdf");
  });

  test("inspect, pdfLinks, uploadHistory with a search", async () => {
    const caller = await callerAs(t, DEMO.user);
    const info = await caller.documents.inspect({ db_name: "api_docs.db" });
    expect(info.documents!.sample_rows.length).toBe(2);
    const { files } = await caller.documents.pdfLinks();
    expect(files.map((f) => f.Key)).toEqual(["api_docs.db/a.pdf", "api_docs.db/b.pdf"]);
    const { entries } = await caller.documents.uploadHistory({ q: "b.pdf", limit: 10 });
    expect(entries).toEqual([
      { time: expect.any(String), db: "api_docs.db", file: "b.pdf", user: DEMO.admin },
    ]);
    const all = await caller.documents.uploadHistory({ limit: 10 });
    expect(all.entries.map((e) => e.file)).toEqual(["a.pdf", "b.pdf"]);
  });

  test("signed out: UNAUTHORIZED; a bad name: BAD_REQUEST naming the field; missing: NOT_FOUND", async () => {
    const anon = await callerAs(t, null);
    expect(await code(anon.documents.listDbs())).toBe("UNAUTHORIZED");
    expect(await code(anon.documents.pdfLinks())).toBe("UNAUTHORIZED");
    const user = await callerAs(t, DEMO.user);
    expect(await code(user.documents.listFiles({ db_name: "No Good" }))).toBe("BAD_REQUEST");
    expect(await code(user.documents.inspect({ db_name: "gone.db" }))).toBe("NOT_FOUND");
    const cookie = await t.login(DEMO.user);
    const r = await trpcCall(t, cookie, "documents.listFiles", { db_name: "users.db" });
    expect(r.status).toBe(400);
    expect(r.error?.message).toBe("db_name is reserved by the portal.");
  });
});

describe("documents router (writes: Admin and Owner)", () => {
  test("refreshEmbeddings: User FORBIDDEN; Admin told embeddings are not configured", async () => {
    expect(
      await code((await callerAs(t, DEMO.user)).documents.refreshEmbeddings({ db_name: "api_docs.db" })),
    ).toBe("FORBIDDEN");
    const err = await (await callerAs(t, DEMO.admin)).documents
      .refreshEmbeddings({ db_name: "api_docs.db" })
      .catch((e) => e);
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.message).toMatch(/not configured/);
  });

  test("deleteDb: User FORBIDDEN; wrong confirmation BAD_REQUEST; Admin with DELETE <name> deletes", async () => {
    const input = { db_name: "api_docs.db", confirmation_text: "DELETE api_docs.db" };
    expect(await code((await callerAs(t, DEMO.user)).documents.deleteDb(input))).toBe("FORBIDDEN");
    const admin = await callerAs(t, DEMO.admin);
    const wrong = await admin.documents.deleteDb({ ...input, confirmation_text: "DELETE" }).catch((e) => e);
    expect([wrong.code, wrong.message]).toEqual(["BAD_REQUEST", DOCUMENT_MESSAGES.confirmationMismatch]);
    expect(await admin.documents.deleteDb(input)).toEqual({
      message: DOCUMENT_MESSAGES.deleted("api_docs.db"),
    });
    expect((await admin.documents.listDbs()).dbs).toEqual([]);
    expect(await code(admin.documents.deleteDb(input))).toBe("NOT_FOUND");
  });
});
