import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CORE_BOX_MESSAGES, type CoreBoxRow } from "@shared/core-boxes";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { uniqueWo } from "../helpers/core-boxes";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  cookie = await t.login(DEMO.user);
});
afterAll(() => t.close());

const call = async (path: string, init: Parameters<TestApp["request"]>[1] = {}) => {
  const res = await t.request(path, { cookie, ...init });
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    body: (type.includes("json") ? await res.json() : await res.text()) as never as Record<string, unknown>,
  };
};
const create = async (fields: Record<string, unknown> = {}) =>
  (await call("/api/core-boxes", { method: "POST", json: { work_order: uniqueWo(), ...fields } }))
    .body as unknown as CoreBoxRow;

describe("the spec's paths and shapes", () => {
  test("GET /api/core-boxes → { rows, total }: 25 by default, newest submission first", async () => {
    const { status, body } = await call("/api/core-boxes");
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["rows", "total"]);
    const rows = body.rows as unknown as CoreBoxRow[];
    expect(rows.length).toBe(25);
    const dates = rows.map((r) => r.report_submission_date ?? "");
    expect(dates).toEqual([...dates].sort().reverse());
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining([
        "id",
        "work_order",
        "project",
        "engineer",
        "report_submission_date",
        "storage_expiry_date",
        "complete",
        "keep_or_dump",
        "island",
        "year",
        "status",
      ]),
    );
  });
  test("filters and sorting from the query string", async () => {
    const { body } = await call(
      "/api/core-boxes?island=Maui&complete=Yes&keep_or_dump=All&sort_by=project&sort_dir=asc&page_size=100",
    );
    const rows = body.rows as unknown as CoreBoxRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.island === "Maui" && r.complete === "Yes")).toBe(true);
    const projects = rows.map((r) => r.project.toLowerCase());
    expect(projects).toEqual([...projects].sort());
    // The demo inventory has expired boxes: an empty answer would be a broken filter, not a pass.
    const expired = (await call("/api/core-boxes?expired=1&page_size=100")).body
      .rows as unknown as CoreBoxRow[];
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.filter((r) => r.status !== "Expired")).toEqual([]);
  });
  test("GET years / islands / changes", async () => {
    expect((await call("/api/core-boxes/years")).body.years).toEqual(
      expect.arrayContaining([new Date().getFullYear()]),
    );
    expect((await call("/api/core-boxes/islands")).body).toEqual({
      islands: ["Hawaii", "Kauai", "Lanai", "Maui", "Molokai", "Oahu"],
    });
    const box = await create({ keep_or_dump: "Dump" });
    await call(`/api/core-boxes/${box.id}`, { method: "DELETE" });
    const { body } = await call("/api/core-boxes/changes?limit=200");
    const changes = body.changes as { action: string; work_order: string; user: string; ts: string }[];
    expect(changes[0]).toMatchObject({ action: "delete", work_order: box.work_order, user: DEMO.user });
    expect(changes.length).toBeLessThanOrEqual(200);
    expect((await call("/api/core-boxes/changes?limit=1")).body.changes).toHaveLength(1);
  });
  test("POST creates (201), PUT changes only the fields sent, DELETE → { change_id }, restore brings it back", async () => {
    const box = await create({ project: "Kapolei Warehouse", engineer: "AT", keep_or_dump: "Keep" });
    const put = await call(`/api/core-boxes/${box.id}`, {
      method: "PUT",
      json: { keep_or_dump: "Dump", id: 424242, status: "x" },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      id: box.id,
      project: "Kapolei Warehouse",
      engineer: "AT",
      keep_or_dump: "Dump",
    });
    const del = await call(`/api/core-boxes/${box.id}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    expect(Object.keys(del.body)).toEqual(["change_id"]);
    expect((await call(`/api/core-boxes/${box.id}`)).status).toBe(404);
    const restored = await call("/api/core-boxes/restore", {
      method: "POST",
      json: { change_id: del.body.change_id },
    });
    expect(restored.status).toBe(200);
    expect((await call(`/api/core-boxes/${box.id}`)).body).toMatchObject({ work_order: box.work_order });
    const again = await call("/api/core-boxes/restore", {
      method: "POST",
      json: { change_id: del.body.change_id },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already restored/);
  });
  test("the two-call path (set Dump, then delete) and the one-call Mark Dumped & Remove both work", async () => {
    const a = await create({ keep_or_dump: "Keep" });
    expect((await call(`/api/core-boxes/${a.id}`, { method: "DELETE" })).status).toBe(409);
    await call(`/api/core-boxes/${a.id}`, { method: "PUT", json: { keep_or_dump: "Dump" } });
    expect((await call(`/api/core-boxes/${a.id}`, { method: "DELETE" })).status).toBe(200);
    const b = await create({ keep_or_dump: "Save" });
    const one = await call(`/api/core-boxes/${b.id}/dump-and-remove`, { method: "POST" });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ change_id: expect.any(Number), dump_change_id: expect.any(Number) });
    expect((await call(`/api/core-boxes/${b.id}`)).status).toBe(404);
  });
  test("bulk delete removes Dump boxes and lists the skipped ones", async () => {
    const dump = await create({ keep_or_dump: "Dump" });
    const keep = await create({ keep_or_dump: "Keep" });
    const { status, body } = await call("/api/core-boxes/bulk-delete", {
      method: "POST",
      json: { ids: [dump.id, keep.id] },
    });
    expect(status).toBe(200);
    expect(body.removed).toEqual([
      { id: dump.id, work_order: dump.work_order, change_id: expect.any(Number) },
    ]);
    expect(body.skipped).toEqual([
      { id: keep.id, work_order: keep.work_order, reason: expect.stringContaining("marked Keep") },
    ]);
  });
});

describe("identity", () => {
  test("the acting user is the signed-in one; an X-User header changes nothing", async () => {
    const res = await call("/api/core-boxes", {
      method: "POST",
      json: { work_order: uniqueWo() },
      headers: { "X-User": DEMO.superOwner },
    });
    expect(res.body.created_by).toBe(DEMO.user);
    const del = await call(`/api/core-boxes/${res.body.id}`, {
      method: "PUT",
      json: { keep_or_dump: "Dump" },
      headers: { "X-User": "guest" },
    });
    expect(del.body.updated_by).toBe(DEMO.user);
  });
});

describe("signed out: 401 on every path", () => {
  const paths: [string, string, unknown?][] = [
    ["GET", "/api/core-boxes"],
    ["GET", "/api/core-boxes/years"],
    ["GET", "/api/core-boxes/islands"],
    ["GET", "/api/core-boxes/changes?limit=200"],
    ["GET", "/api/core-boxes/export.csv"],
    ["GET", "/api/core-boxes/1"],
    ["POST", "/api/core-boxes", { work_order: "4000-91" }],
    ["PUT", "/api/core-boxes/1", { project: "x" }],
    ["DELETE", "/api/core-boxes/1"],
    ["POST", "/api/core-boxes/1/dump-and-remove"],
    ["POST", "/api/core-boxes/restore", { change_id: 1 }],
    ["POST", "/api/core-boxes/bulk-delete", { ids: [1] }],
    ["POST", "/api/core-boxes/import"],
  ];
  for (const [method, path, json] of paths) {
    test(`${method} ${path}`, async () => {
      const res = await t.request(path, { method, json, headers: { "X-User": DEMO.superOwner } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: expect.stringMatching(/sign in/i) });
    });
  }
});

describe("bad input: 400 with a readable message naming the field, never 500", () => {
  const cases: [string, string, unknown, RegExp][] = [
    ["GET", "/api/core-boxes?page_size=0", undefined, /page_size must be one of 10, 25, 50, 100/],
    ["GET", "/api/core-boxes?page_size=10000", undefined, /page_size must be one of 10, 25, 50, 100/],
    ["GET", "/api/core-boxes?page=0", undefined, /page must be 1 or more/],
    ["GET", "/api/core-boxes?page=abc", undefined, /page must be a number/],
    ["GET", "/api/core-boxes?sort_by=password", undefined, /sort_by must be one of/],
    ["GET", "/api/core-boxes?sort_dir=sideways", undefined, /sort_dir must be asc or desc/],
    ["GET", "/api/core-boxes?year=twenty", undefined, /year must be a year like 2024/],
    ["GET", "/api/core-boxes?expired=maybe", undefined, /expired must be true, false, 1 or 0/],
    ["GET", "/api/core-boxes?keep_or_dump=Burn", undefined, /keep_or_dump must be Keep, Dump or Save/],
    ["GET", `/api/core-boxes?q=${"x".repeat(201)}`, undefined, /q must be 200 characters or fewer/],
    ["GET", "/api/core-boxes/changes?limit=0", undefined, /limit must be 1 or more/],
    ["GET", "/api/core-boxes/abc", undefined, /id must be a positive whole number/],
    ["POST", "/api/core-boxes", {}, /^Work Order is required\.$/],
    ["POST", "/api/core-boxes", { work_order: "  " }, /^Work Order is required\.$/],
    ["POST", "/api/core-boxes", { work_order: "W".repeat(41) }, /^A work order is four digits/],
    [
      "POST",
      "/api/core-boxes",
      { work_order: "4000-92", project: "p".repeat(201) },
      /project must be 200 characters or fewer/,
    ],
    [
      "POST",
      "/api/core-boxes",
      { work_order: "4000-92", report_submission_date: "2026-02-30" },
      /report_submission_date is not a real calendar date/,
    ],
    [
      "POST",
      "/api/core-boxes",
      { work_order: "4000-92", storage_expiry_date: "yesterday" },
      /storage_expiry_date must be a date/,
    ],
    [
      "POST",
      "/api/core-boxes",
      { work_order: "4000-92", keep_or_dump: "Recycle" },
      /keep_or_dump must be Keep, Dump or Save/,
    ],
    ["POST", "/api/core-boxes", [1, 2], /Send a JSON object/],
    ["PUT", "/api/core-boxes/1", { work_order: "" }, /^Work Order is required\.$/],
    ["PUT", "/api/core-boxes/0", { project: "x" }, /id must be a positive whole number/],
    ["POST", "/api/core-boxes/restore", { change_id: "abc" }, /change_id must be a positive whole number/],
    ["POST", "/api/core-boxes/bulk-delete", { ids: [] }, /ids must name at least one box/],
    ["POST", "/api/core-boxes/import", undefined, /Choose a CSV or \.xlsx file to import/],
  ];
  for (const [method, path, json, pattern] of cases) {
    test(`${method} ${path.slice(0, 60)} ${json === undefined ? "" : JSON.stringify(json).slice(0, 40)}`, async () => {
      const { status, body } = await call(path, { method, json });
      expect(status).toBe(400);
      expect(String(body.error)).toMatch(pattern);
    });
  }
  test("unknown boxes are 404 with the service's message", async () => {
    const { status, body } = await call("/api/core-boxes/99999999", { method: "DELETE" });
    expect(status).toBe(404);
    expect(body.error).toBe(CORE_BOX_MESSAGES.notFound);
  });
  test("SQL-looking search text is just text: 200, the normal shape, nothing harmed", async () => {
    for (const q of [
      "'; DROP TABLE core_boxes; --",
      '" OR 1=1 --',
      "NEAR(a b)",
      // At least 2 characters: a 1-character search is refused (tests/api/core-boxes-list.test.ts).
      "**",
      "island:Oahu",
      "%_\\",
    ]) {
      const { status, body } = await call(`/api/core-boxes?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(body).toEqual({ rows: expect.any(Array), total: expect.any(Number) });
    }
    expect(((await call("/api/core-boxes")).body.total as number) > 300).toBe(true);
  });
});
