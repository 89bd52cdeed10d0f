import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { STORAGE_MESSAGES } from "@shared/storage";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { listKeys, PDF, postJson, upload, uploadWatched } from "../helpers/storage";

let t: TestApp;
let admin: string;
let owner: string;
let user: string;
const put = (name: string, fields: Record<string, string> = {}, content = PDF(name)) =>
  upload(t, admin, { db_name: "proj.db", ...fields }, { name, content });

beforeAll(async () => {
  t = await startTestApp({ UPLOAD_MAX_MB: "1" });
  [admin, owner, user] = await Promise.all([t.login(DEMO.admin), t.login(DEMO.owner), t.login(DEMO.user)]);
});
afterAll(() => t.close());

describe("POST /api/s3/upload", () => {
  test("stores a PDF at <db_name>/<prefix>/<file> and answers { key, url }", async () => {
    const r = await upload(
      t,
      admin,
      { db_name: "proj.db", prefix: "/reports//2024/", index: "0", mode: "chunks" },
      {
        name: "Site Plan.PDF",
        content: PDF("plan"),
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.key).toBe("proj.db/reports/2024/Site Plan.PDF");
    expect(r.body.url).toMatch(/^\/files\/proj\.db\/reports\/2024\/Site%20Plan\.PDF\?exp=\d+&sig=/);
    expect(r.body.note).toBeUndefined();
    expect(await (await t.request(r.body.url!)).text()).toBe(PDF("plan"));
  });

  test("without a prefix the file sits directly in the database folder", async () => {
    expect((await put("top.pdf")).body.key).toBe("proj.db/top.pdf");
  });

  test("a file sent before the fields (the spec's order) lands in the same place", async () => {
    const r = await upload(
      t,
      admin,
      { db_name: "proj.db", prefix: "first" },
      { name: "early.pdf", content: PDF() },
      {
        fileFirst: true,
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.key).toBe("proj.db/first/early.pdf");
    expect(readdirSync(join(t.dataDir, "tmp"))).toEqual([]);
  });

  test("a repeated field keeps its first value, wherever the file part is", async () => {
    const form = new FormData();
    form.append("db_name", "proj.db");
    form.append("prefix", "one");
    form.append("file", new Blob([PDF()]), "twice.pdf");
    form.append("prefix", "two");
    const res = await t.request("/api/s3/upload", { method: "POST", body: form, cookie: admin });
    expect(((await res.json()) as { key: string }).key).toBe("proj.db/one/twice.pdf");
  });

  test("'Index after upload' stores the file and queues it for indexing", async () => {
    const r = await put("indexed.pdf", { index: "1", mode: "general" });
    expect(r.status).toBe(200);
    expect(r.body.note).toBe(STORAGE_MESSAGES.indexingQueued("proj.db"));
    expect(r.body.job_id).toBeGreaterThan(0);
    // The content is not a real PDF: the job fails, the stored file stays and is listed with the reason.
    const job = await t.deps.jobs.wait(r.body.job_id!);
    expect(job.status).toBe("failed");
    expect(await listKeys(t, admin)).toContain("proj.db/indexed.pdf");
  });

  test("'Index after upload' into a folder that cannot be a database stores the file and says why", async () => {
    const r = await upload(t, admin, { db_name: "Not A Db", index: "1" }, { name: "x.pdf", content: PDF() });
    expect(r.status).toBe(200);
    expect(r.body.note).toBe(STORAGE_MESSAGES.notIndexable("Not A Db"));
    expect(r.body.job_id).toBeUndefined();
    expect(await listKeys(t, admin)).toContain("Not A Db/x.pdf");
  });

  test("the user field and X-User header do not change who is recorded", async () => {
    await upload(
      t,
      admin,
      { db_name: "who.db", user: "mallory@evil.example" },
      { name: "a.pdf", content: PDF() },
      {
        headers: { "x-user": "mallory@evil.example" },
      },
    );
    const res = await t.request("/api/s3/history?db=who.db", { cookie: user });
    const { events } = (await res.json()) as { events: { user: string; action: string; file: string }[] };
    expect(events).toEqual([expect.objectContaining({ user: DEMO.admin, action: "upload", file: "a.pdf" })]);
  });

  test("a name not ending in .pdf is refused with 400", async () => {
    const r = await put("notes.txt", {}, PDF());
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(STORAGE_MESSAGES.pdfOnly);
  });

  test("a non-PDF renamed .pdf is refused with 400 and nothing is stored", async () => {
    const r = await put("fake.pdf", {}, "MZ\x90\x00 this is an executable");
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(STORAGE_MESSAGES.notPdf);
    const tiny = await put("tiny.pdf", {}, "%PD");
    expect(tiny.status).toBe(400);
    expect(await listKeys(t, admin)).not.toContain("proj.db/fake.pdf");
  });

  test("a file over UPLOAD_MAX_MB is refused with 413 and a message, leaving nothing behind", async () => {
    const big = new Uint8Array(1.5 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const r = await upload(t, admin, { db_name: "proj.db" }, { name: "huge.pdf", content: big });
    expect(r.status).toBe(413);
    expect(r.body.error).toBe(STORAGE_MESSAGES.tooLarge(1));
    const spooled = await upload(
      t,
      admin,
      { db_name: "proj.db" },
      { name: "huge.pdf", content: big },
      { fileFirst: true },
    );
    expect(spooled.status).toBe(413);
    expect(await listKeys(t, admin)).not.toContain("proj.db/huge.pdf");
    expect(readdirSync(join(t.dataDir, "objects.tmp"))).toEqual([]);
  });

  test("missing file, missing db_name, bad mode and a non-multipart body are 400s naming the problem", async () => {
    expect((await upload(t, admin, { db_name: "proj.db" }, null)).body.error).toBe(STORAGE_MESSAGES.noFile);
    const noDb = await upload(t, admin, {}, { name: "x.pdf", content: PDF() });
    expect(noDb.status).toBe(400);
    expect(noDb.body.error).toMatch(/db_name/);
    const mode = await put("m.pdf", { mode: "everything" });
    expect(mode.status).toBe(400);
    expect(mode.body.error).toMatch(/mode/);
    const json = await postJson(t, admin, "/api/s3/upload", { db_name: "proj.db" });
    expect(json.status).toBe(400);
  });

  test("traversal in db_name or prefix is refused; a path in the file name is reduced to the name", async () => {
    const attempts: Record<string, string>[] = [
      { db_name: ".." },
      { db_name: "a/b" },
      { db_name: "proj.db", prefix: "../../etc" },
      { db_name: "proj.db", prefix: "a/../../b" },
      { db_name: "proj.db", prefix: "%2e%2e/x" },
      { db_name: "proj.db", prefix: "x\u0000y" },
      { db_name: "proj.db", prefix: "x\u202ey" },
    ];
    for (const fields of attempts) {
      const r = await upload(t, admin, fields, { name: "t.pdf", content: PDF() });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/db_name|prefix/);
    }
    const r = await upload(t, admin, { db_name: "proj.db" }, { name: "../../escape.pdf", content: PDF() });
    expect(r.body.key).toBe("proj.db/escape.pdf");
    expect(existsSync(join(t.dataDir, "escape.pdf"))).toBe(false);
  });

  test("permissions: Admin and Owner may upload; User gets 403; signed out gets 401", async () => {
    expect((await upload(t, owner, { db_name: "own.db" }, { name: "o.pdf", content: PDF() })).status).toBe(
      200,
    );
    const denied = await upload(t, user, { db_name: "own.db" }, { name: "u.pdf", content: PDF() });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe(
      "Only Admins and Owners can change documents, databases and stored files.",
    );
    expect(
      (await upload(t, undefined, { db_name: "own.db" }, { name: "u.pdf", content: PDF() })).status,
    ).toBe(401);
    expect(await listKeys(t, admin)).not.toContain("own.db/u.pdf");
  });

  test("a User's upload is refused before any of the form is read; an Admin's is read", async () => {
    expect(await uploadWatched(t, "/api/s3/upload", user)).toEqual({ status: 403, pulled: 0 });
    expect((await uploadWatched(t, "/api/s3/upload", admin)).pulled).toBeGreaterThan(0);
  });
});

describe("GET /api/s3/files and /api/s3-files", () => {
  test("every signed-in user sees { files: [{ Key, Size, LastModified, url }] } and { files: [{ Key, url }] }", async () => {
    const res = await t.request("/api/s3/files", { cookie: user });
    expect(res.status).toBe(200);
    const { files } = (await res.json()) as { files: Record<string, unknown>[] };
    const top = files.find((f) => f.Key === "proj.db/top.pdf")!;
    expect(Object.keys(top).sort()).toEqual(["Key", "LastModified", "Size", "url"]);
    expect(top.Size).toBe(PDF("top.pdf").length);
    expect(new Date(top.LastModified as string).toISOString()).toBe(top.LastModified as string);
    const links = (await (await t.request("/api/s3-files", { cookie: user })).json()) as {
      files: Record<string, unknown>[];
    };
    expect(links.files.length).toBe(files.length);
    expect(Object.keys(links.files[0]!).sort()).toEqual(["Key", "url"]);
  });

  test("signed out: 401", async () => {
    for (const path of ["/api/s3/files", "/api/s3-files", "/api/s3/history", "/api/s3/limits"]) {
      expect((await t.request(path)).status).toBe(401);
    }
  });

  test("files placed in the store behind the portal's back show up in the next listing", async () => {
    await listKeys(t, user);
    writeFileSync(join(t.dataDir, "objects", "proj.db", "dropped-in.pdf"), PDF());
    expect(await listKeys(t, user)).toContain("proj.db/dropped-in.pdf");
  });
});

describe("GET /api/s3/limits", () => {
  test("tells the client the upload limit", async () => {
    const res = await t.request("/api/s3/limits", { cookie: user });
    expect(await res.json()).toEqual({
      uploadMaxMb: 1,
      uploadMaxBytes: 1048576,
      driver: "local",
      maxConcurrentUploads: 3,
    });
  });
});
