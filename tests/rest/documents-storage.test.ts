import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { STORAGE_MESSAGES } from "@shared/storage";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { postJson } from "../helpers/documents";
import { textPdf } from "../helpers/pdfs";
import { upload } from "../helpers/storage";

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await startTestApp();
  [admin, user] = await Promise.all([t.login(DEMO.admin), t.login(DEMO.user)]);
  await t.deps.store.put(
    "site_reports.db/2024/site.pdf",
    await textPdf(["Borehole B-3 reached refusal at 42 feet."]),
  );
  await t.deps.store.put("site_reports.db/lab.pdf", await textPdf(["Moisture content averaged 18 percent."]));
  await t.deps.store.put("other/loose.pdf", await textPdf(["A loose file outside any database folder."]));
});
afterAll(() => t.close());

describe("indexing files already in storage", () => {
  test("reindex: the stored object is indexed where it is (created database, general → general), no copy", async () => {
    const r = await postJson(t, admin, "/api/s3/reindex", {
      key: "site_reports.db/2024/site.pdf",
      db_name: "site_reports.db",
      mode: "general",
    });
    expect(r.status).toBe(200);
    expect(r.body.steps).toContain("Indexed 2024/site.pdf in site_reports.db: 1 page(s), 1 chunk(s).");
    expect((r.body.steps as string[]).some((s) => s.startsWith("Stored"))).toBe(false);
    const { dbs } = await (await callerAs(t, DEMO.user)).documents.listDbs();
    expect(dbs.find((d) => d.name === "site_reports.db")).toMatchObject({ mode: "general", files: 1 });
    const links = (await (await t.request("/api/s3-db-pdfs", { cookie: user })).json()).files as {
      Key: string;
    }[];
    expect(links.map((l) => l.Key)).toContain("site_reports.db/2024/site.pdf");
    // Again: the same content is already there.
    const again = await postJson(t, admin, "/api/s3/reindex", {
      key: "site_reports.db/2024/site.pdf",
      db_name: "site_reports.db",
      mode: "chunks",
    });
    expect((again.body.steps as string[]).at(-1)).toBe(
      "Skipped 2024/site.pdf: it is already indexed in site_reports.db with the same content.",
    );
  });

  test("reindex-batch: each file on its own; the answer counts them", async () => {
    const r = await postJson(t, admin, "/api/s3/reindex-batch", {
      keys: ["site_reports.db/lab.pdf", "site_reports.db/missing.pdf", "other/loose.pdf"],
      db_name: "batch.db",
      mode: "chunks",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ db_name: "batch.db", indexed: 2, failed: 1 });
    const files = await postJson(t, user, "/api/list-files", { db_name: "batch.db" });
    expect(files.body.files).toEqual(["lab.pdf", "loose.pdf"]);
    // Deleting the database leaves files indexed from other folders where they are.
    const del = await postJson(t, admin, "/api/delete-db", {
      db_name: "batch.db",
      confirmation_text: "DELETE batch.db",
    });
    expect(del.status).toBe(200);
    expect(await t.deps.store.head("other/loose.pdf")).not.toBeNull();
    expect(await t.deps.store.head("site_reports.db/lab.pdf")).not.toBeNull();
  });

  test("tRPC reindex: Admin allowed, User FORBIDDEN; a database name the portal keeps is refused", async () => {
    const adminCaller = await callerAs(t, DEMO.admin);
    const ok = await adminCaller.storage.reindex({
      key: "site_reports.db/lab.pdf",
      db_name: "trpc.db",
      mode: "chunks",
    });
    expect(ok.steps.at(-1)).toBe("Indexed lab.pdf in trpc.db: 1 page(s), 1 chunk(s).");
    const denied = await (await callerAs(t, DEMO.user)).storage
      .reindex({ key: "site_reports.db/lab.pdf", db_name: "trpc.db", mode: "chunks" })
      .catch((e) => e.code);
    expect(denied).toBe("FORBIDDEN");
    const reserved = await adminCaller.storage
      .reindex({ key: "site_reports.db/lab.pdf", db_name: "users.db", mode: "chunks" })
      .catch((e) => e.message);
    expect(reserved).toBe(STORAGE_MESSAGES.notIndexable("users.db"));
  });

  test("'Index after upload' indexes the uploaded file in the background", async () => {
    const r = await upload(
      t,
      admin,
      { db_name: "uploads.db", prefix: "field", index: "1", mode: "chunks" },
      {
        name: "log.pdf",
        content: await textPdf(["Drill rig inspection log: hydraulic hoses replaced."]),
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.note).toBe(STORAGE_MESSAGES.indexingQueued("uploads.db"));
    const job = await t.deps.jobs.wait(r.body.job_id!);
    expect(job.status).toBe("done");
    expect(job.steps.at(-1)).toBe("Indexed field/log.pdf in uploads.db: 1 page(s), 1 chunk(s).");
    const files = await postJson(t, user, "/api/list-files", { db_name: "uploads.db" });
    expect(files.body.files).toEqual(["field/log.pdf"]);
  });
});
