import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { postJson, processFile } from "../helpers/documents";
import { textPdf } from "../helpers/pdfs";

/**
 * What a client written earlier against the spec's REST paths sends: enum values in upper case, process-file
 * without `action`, blank selects, register-user on every page load, and files renamed after indexing.
 */
let t: TestApp;
let owner: string;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await startTestApp();
  [owner, admin, user] = await Promise.all([t.login(DEMO.owner), t.login(DEMO.admin), t.login(DEMO.user)]);
});
afterAll(() => t.close());

const get = async (path: string, cookie = user) => {
  const res = await t.request(path, { cookie });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("enum-like query values in any case", () => {
  test("sort_dir=DESC / ASC, sort_by and flags in capitals list the same rows as lower case", async () => {
    for (const base of ["/api/core-boxes?", "/api/reports-binder/?"]) {
      for (const dir of ["desc", "asc"]) {
        const lower = await get(`${base}sort_dir=${dir}`);
        const upper = await get(`${base}sort_dir=${dir.toUpperCase()}`);
        expect(upper.status).toBe(200);
        expect(upper.body).toEqual(lower.body);
      }
    }
    const byWo = await get("/api/core-boxes?sort_by=WORK_ORDER&sort_dir=Asc&expired=TRUE");
    expect(byWo.status).toBe(200);
    expect(byWo.body).toEqual(
      await get("/api/core-boxes?sort_by=work_order&sort_dir=asc&expired=true").then((r) => r.body),
    );
    const tickets = await get("/api/tickets?status=OPEN&sort_dir=DESC&mine=True");
    expect(tickets.status).toBe(200);
    // An unknown value is still a 400 naming the field.
    const bad = await get("/api/core-boxes?sort_dir=sideways");
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toContain("sort_dir must be asc or desc");
  });
});

describe("POST /api/process-file without action", () => {
  test("a new name creates the database; the same name again appends to it; title is optional", async () => {
    const first = await processFile(
      t,
      admin,
      { db_name: "legacy_client.db" },
      { name: "a.pdf", content: await textPdf(["Alpha page."]) },
    );
    expect(first.status).toBe(200);
    const second = await processFile(
      t,
      admin,
      { db_name: "legacy_client.db", mode: "" },
      { name: "b.pdf", content: await textPdf(["Beta page."]) },
    );
    expect(second.status).toBe(200);
    const files = await postJson(t, user, "/api/list-files", { db_name: "legacy_client.db" });
    expect(files.body.files).toEqual(["a.pdf", "b.pdf"]);
    // Explicit actions keep their rules.
    const append = await processFile(
      t,
      admin,
      { db_name: "nowhere.db", action: "APPEND" },
      { name: "c.pdf", content: await textPdf(["C."]) },
    );
    expect(append.status).toBe(404);
    const again = await processFile(
      t,
      admin,
      { db_name: "legacy_client.db", action: "new" },
      { name: "d.pdf", content: await textPdf(["D."]) },
    );
    expect(again.status).toBe(409);
  });
});

describe("blank selects are unset", () => {
  test("core boxes: blank complete / keep_or_dump take their defaults on create and change nothing on edit", async () => {
    const res = await t.request("/api/core-boxes", {
      method: "POST",
      cookie: user,
      json: {
        work_order: "7788-01",
        complete: "",
        keep_or_dump: " ",
        island: "",
        report_submission_date: "",
      },
    });
    expect(res.status).toBe(201);
    const box = (await res.json()) as { id: number; complete: string; keep_or_dump: string };
    expect([box.complete, box.keep_or_dump]).toEqual(["No", "Keep"]);
    const set = await t.request(`/api/core-boxes/${box.id}`, {
      method: "PUT",
      cookie: user,
      json: { complete: "YES" },
    });
    expect(((await set.json()) as { complete: string }).complete).toBe("Yes");
    const blank = await t.request(`/api/core-boxes/${box.id}`, {
      method: "PUT",
      cookie: user,
      json: { complete: "", project: "Kept" },
    });
    expect(blank.status).toBe(200);
    expect(await blank.json()).toMatchObject({ complete: "Yes", project: "Kept" });
  });

  test("binder and tickets: blank optional fields are taken as unset", async () => {
    const row = await t.request("/api/reports-binder/", {
      method: "POST",
      cookie: user,
      json: { work_order: "7788-02", date: "", engineer_initials: "", billing: "", date_sent: "" },
    });
    expect(row.status).toBe(200);
    const ticket = await t.request("/api/tickets", {
      method: "POST",
      cookie: user,
      json: { title: "Plotter", description: "Out of paper", type: "", priority: "" },
    });
    expect(ticket.status).toBe(201);
    const created = (await ticket.json()) as { id: number; type: string; priority: string };
    expect([created.type, created.priority]).toEqual(["other", "medium"]);
    const edit = await t.request(`/api/tickets/${created.id}`, {
      method: "PUT",
      cookie: admin,
      json: { status: "", priority: "HIGH" },
    });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({ status: "open", priority: "high" });
  });
});

describe("POST /api/register-user", () => {
  test("an account already active answers 200 with a message (called on every page load); its role is kept", async () => {
    const r = await postJson(t, owner, "/api/register-user", { email: DEMO.admin });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      email: DEMO.admin,
      role: "Admin",
      message: `${DEMO.admin} is already registered.`,
    });
    const fresh = await postJson(t, owner, "/api/register-user", { email: "new.hire@geolabs.example" });
    expect(fresh.body).toMatchObject({
      role: "User",
      message: "new.hire@geolabs.example registered as User.",
    });
  });

  test("a removed account stays a 409 with the reinstate hint; a User still gets 403", async () => {
    await postJson(t, owner, "/api/register-user", { email: "leaver@geolabs.example" });
    expect((await postJson(t, owner, "/api/delete-user", { email: "leaver@geolabs.example" })).status).toBe(
      200,
    );
    const again = await postJson(t, owner, "/api/register-user", { email: "leaver@geolabs.example" });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain("Reinstate it from IT Administration");
    expect((await postJson(t, user, "/api/register-user", { email: DEMO.admin })).status).toBe(403);
  });
});

describe("moving or deleting an indexed PDF", () => {
  const pdfs = async () =>
    (
      (await (await t.request("/api/s3-db-pdfs", { cookie: user })).json()) as {
        files: { Key: string; url: string }[];
      }
    ).files;

  test("Move/Rename keeps the document on the new key: listed there, its link works, its name follows", async () => {
    await t.deps.store.put(
      "moved.db/old-name.pdf",
      await textPdf(["Drill rigs are inspected before every shift."]),
    );
    const indexed = await postJson(t, admin, "/api/s3/reindex", {
      key: "moved.db/old-name.pdf",
      db_name: "moved.db",
      mode: "chunks",
    });
    expect(indexed.status).toBe(200);
    const moved = await postJson(t, admin, "/api/s3/move", {
      src_key: "moved.db/old-name.pdf",
      dst_key: "moved.db/2026/new-name.pdf",
    });
    expect(moved.status).toBe(200);
    const files = (await pdfs()).filter((f) => f.Key.startsWith("moved.db/"));
    expect(files.map((f) => f.Key)).toEqual(["moved.db/2026/new-name.pdf"]);
    const link = await t.request(
      new URL(files[0]!.url, "http://portal.test").pathname +
        new URL(files[0]!.url, "http://portal.test").search,
    );
    expect(link.status).toBe(200);
    expect((await postJson(t, user, "/api/list-files", { db_name: "moved.db" })).body.files).toEqual([
      "2026/new-name.pdf",
    ]);
    // Ask AI cites the new name.
    const answer = await postJson(t, user, "/api/question", {
      query: "When are drill rigs inspected?",
      db: "moved.db",
      use_cache: false,
    });
    expect(JSON.stringify(answer.body)).toContain("2026/new-name.pdf");
    expect(JSON.stringify(answer.body)).not.toContain("old-name.pdf");
  });

  test("a name another document of the database already has is refused with 409, and nothing moves", async () => {
    await t.deps.store.put("clash.db/a.pdf", await textPdf(["First document."]));
    await t.deps.store.put("clash.db/b.pdf", await textPdf(["Second document."]));
    for (const key of ["clash.db/a.pdf", "clash.db/b.pdf"]) {
      expect(
        (await postJson(t, admin, "/api/s3/reindex", { key, db_name: "clash.db", mode: "chunks" })).status,
      ).toBe(200);
    }
    await t.deps.store.delete("clash.db/b.pdf"); // its document stays, named b.pdf
    const moved = await postJson(t, admin, "/api/s3/move", {
      src_key: "clash.db/a.pdf",
      dst_key: "clash.db/b.pdf",
    });
    expect(moved.status).toBe(409);
    expect(await t.deps.store.head("clash.db/a.pdf")).not.toBeNull();
    expect(await t.deps.store.head("clash.db/b.pdf")).toBeNull();
  });

  test("deleting an indexed PDF keeps its text for search and answers, and no dead link is listed", async () => {
    await t.deps.store.put("deleted.db/gone.pdf", await textPdf(["Core boxes are kept for ninety days."]));
    await postJson(t, admin, "/api/s3/reindex", {
      key: "deleted.db/gone.pdf",
      db_name: "deleted.db",
      mode: "chunks",
    });
    expect((await postJson(t, admin, "/api/s3/delete", { key: "deleted.db/gone.pdf" })).status).toBe(200);
    expect((await pdfs()).map((f) => f.Key)).not.toContain("deleted.db/gone.pdf");
    expect((await postJson(t, user, "/api/list-files", { db_name: "deleted.db" })).body.files).toEqual([
      "gone.pdf",
    ]);
    const answer = await postJson(t, user, "/api/question", {
      query: "How long are core boxes kept?",
      db: "deleted.db",
      use_cache: false,
    });
    expect(JSON.stringify(answer.body)).toContain("ninety days");
  });
});
