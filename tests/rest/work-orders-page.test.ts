import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { projects } from "@server/db/schema";
import type { WorkOrderPage } from "@shared/work-orders";
import { workOrderKey } from "@shared/work-orders";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { textPdf } from "../helpers/pdfs";
import { bulkIndex } from "../helpers/reports";

/**
 * GET /api/work-orders/{wo} and workOrders.page: one work order's register line, reports, binder rows, core
 * boxes and their history, with the base number gathering its letters.
 */
let t: TestApp;
const cookie: Record<string, string> = {};

const register = (workOrder: string, project: string, client = "Ala Moana LLC") => ({
  workOrder,
  woKey: workOrderKey(workOrder),
  client,
  project,
  pr: "PR-77",
  date: "2025-04-02",
  principalEngineer: "G. Sato",
  invoiceNumber: "",
  finalReportDate: "",
});

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ["user", "admin", "owner"] as const) cookie[who] = await t.login(DEMO[who]);
  await t.deps.db
    .insert(projects)
    .values([register("9876-05", "Kapolei Retaining Wall"), register("9876-05(B)", "Kapolei Wall, phase B")]);
  const indexed = await bulkIndex(t, cookie.admin, [
    {
      name: "9876-05.Kapolei Wall.pdf",
      content: await textPdf(["Boring B-1 refusal at 12 ft.", "Page two."]),
    },
    { name: "9876-05A.Kapolei Wall Addendum.pdf", content: await textPdf(["Addendum: boring B-4 at 9 ft."]) },
    { name: "9876-06.Other Job.pdf", content: await textPdf(["Seawall piles were driven to 40 ft."]) },
  ]);
  expect(indexed.body.indexed).toBe(3);
  const post = (path: string, json: unknown) =>
    t.request(path, { method: "POST", json, cookie: cookie.user }).then((r) => r.json());
  await post("/api/reports-binder", { work_order: "9876-05", engineer_initials: "GS", date: "2025-05-01" });
  await post("/api/reports-binder", {
    work_order: "9876-05(B)",
    engineer_initials: "AT",
    date: "2025-06-01",
  });
  await post("/api/reports-binder", { work_order: "9876-050", engineer_initials: "TT" });
  const box = (await post("/api/core-boxes", {
    work_order: "9876-05A",
    project: "Kapolei Wall",
    report_submission_date: "2025-05-01",
  })) as {
    id: number;
  };
  await t.request(`/api/core-boxes/${box.id}`, {
    method: "PUT",
    json: { island: "Oahu" },
    cookie: cookie.admin,
  });
}, 60_000);
afterAll(() => t.close());

const page = async (wo: string, who = "user") => {
  const res = await t.request(`/api/work-orders/${encodeURIComponent(wo)}`, { cookie: cookie[who] });
  return { status: res.status, body: (await res.json()) as WorkOrderPage & { error?: string } };
};

describe("a base number", () => {
  test("gathers every section of itself and its letters, and nothing of a number that merely starts alike", async () => {
    const { status, body } = await page("9876-05");
    expect(status).toBe(200);
    expect(body.work_order).toBe("9876-05");
    expect(body.project).toEqual({
      work_order: "9876-05",
      client: "Ala Moana LLC",
      project: "Kapolei Retaining Wall",
      pr: "PR-77",
      principal_engineer: "G. Sato",
      date: "2025-04-02",
      final_report_date: "",
    });
    expect(body.reports.map((r) => r.file_name).sort()).toEqual([
      "9876-05.Kapolei Wall.pdf",
      "9876-05A.Kapolei Wall Addendum.pdf",
    ]);
    const report = body.reports.find((r) => r.file_name === "9876-05.Kapolei Wall.pdf")!;
    expect(report).toMatchObject({ work_order: "9876-05", project: "Kapolei Wall", pages: 2, stored: true });
    expect(body.binder.map((r) => [r.work_order, r.engineer_initials])).toEqual([
      ["9876-05", "GS"],
      ["9876-05(B)", "AT"],
    ]);
    expect(body.core_boxes.map((b) => [b.work_order, b.island])).toEqual([["9876-05A", "Oahu"]]);
    expect(body.core_boxes[0]!.status).toBeString();
    expect(body.core_boxes[0]!.storage_expiry_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test("history lists the changes to its binder rows and boxes, newest first, with who and when", async () => {
    const { body } = await page("9876-05");
    expect(body.history.map((h) => [h.kind, h.action, h.work_order, h.user])).toEqual([
      ["core_box", "update", "9876-05A", DEMO.admin],
      ["core_box", "create", "9876-05A", DEMO.user],
      ["binder", "create", "9876-05(B)", DEMO.user],
      ["binder", "create", "9876-05", DEMO.user],
    ]);
    const times = body.history.map((h) => Date.parse(h.ts));
    expect(times.every((x) => Number.isFinite(x))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test("a removed box's changes stay in its history", async () => {
    const made = (await (
      await t.request("/api/core-boxes", {
        method: "POST",
        json: { work_order: "9876-05C", keep_or_dump: "Dump" },
        cookie: cookie.user,
      })
    ).json()) as { id: number };
    expect(
      (await t.request(`/api/core-boxes/${made.id}`, { method: "DELETE", cookie: cookie.user })).status,
    ).toBe(200);
    const { body } = await page("9876-05");
    expect(body.core_boxes.map((b) => b.work_order)).toEqual(["9876-05A"]);
    expect(body.history.slice(0, 2).map((h) => [h.action, h.work_order])).toEqual([
      ["delete", "9876-05C"],
      ["create", "9876-05C"],
    ]);
  });
});

describe("a lettered number", () => {
  test("gathers only itself, written either way, and shows its own register line", async () => {
    for (const wo of ["9876-05B", "9876-05(B)", "9876-05b", "W.O. 9876-05 (B)"]) {
      const { status, body } = await page(wo);
      expect(status).toBe(200);
      expect(body.work_order).toBe("9876-05B");
      expect(body.project?.project).toBe("Kapolei Wall, phase B");
      expect(body.binder.map((r) => r.work_order)).toEqual(["9876-05(B)"]);
      expect(body.reports).toEqual([]);
      expect(body.core_boxes).toEqual([]);
    }
  });

  test("with no register line of its own shows its base number's project", async () => {
    const { body } = await page("9876-05A");
    expect(body.project?.work_order).toBe("9876-05");
    expect(body.project?.from_base).toBe(true);
    expect(body.reports.map((r) => r.file_name)).toEqual(["9876-05A.Kapolei Wall Addendum.pdf"]);
    expect(body.core_boxes.map((b) => b.work_order)).toEqual(["9876-05A"]);
    expect(body.binder).toEqual([]);
  });
});

describe("unknown and malformed", () => {
  test("a well-formed number nobody used answers every section empty", async () => {
    const { status, body } = await page("1111-22");
    expect(status).toBe(200);
    expect(body).toEqual({
      work_order: "1111-22",
      project: null,
      reports: [],
      binder: [],
      core_boxes: [],
      history: [],
    });
  });

  test("anything not shaped like a work order is a 400 saying what one looks like", async () => {
    for (const wo of ["hello", "9876", "98765-05", "9876-5", "9876-05AB", "../etc/passwd", "9876-05\u0000"]) {
      const { status, body } = await page(wo);
      expect({ wo, status }).toEqual({ wo, status: 400 });
      expect(body.error).toContain("A work order is four digits, a dash and two or three digits");
    }
  });
});

describe("who may read it", () => {
  test("signed out: 401 on both doors", async () => {
    const res = await t.request("/api/work-orders/9876-05");
    expect(res.status).toBe(401);
    const anon = await callerAs(t, null);
    expect(anon.workOrders.page({ wo: "9876-05" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  test("every role reads the same page, on REST and tRPC alike", async () => {
    const rest = await page("9876-05", "user");
    for (const [who, email] of [
      ["user", DEMO.user],
      ["admin", DEMO.admin],
      ["owner", DEMO.owner],
    ] as const) {
      expect((await page("9876-05", who)).body).toEqual(rest.body);
      const caller = await callerAs(t, email);
      expect(JSON.parse(JSON.stringify(await caller.workOrders.page({ wo: "9876-05" })))).toEqual(rest.body);
    }
  });

  test("tRPC refuses a malformed number with the same sentence", async () => {
    const caller = await callerAs(t, DEMO.user);
    expect(caller.workOrders.page({ wo: "12-34" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("A work order is four digits"),
    });
  });
});

describe("Ask about this work order", () => {
  const ask = (json: Record<string, unknown>) =>
    t.request("/api/question", { method: "POST", json: { use_cache: false, ...json }, cookie: cookie.user });

  const files = async (json: Record<string, unknown>) => {
    const res = await ask(json);
    expect(res.status).toBe(200);
    return ((await res.json()) as { sources: { file: string }[] }).sources.map((s) => s.file);
  };

  test("a question scoped to a work order cites only its reports; unscoped, the same words find another's", async () => {
    const words = "How deep were the seawall piles driven?";
    expect(await files({ query: words, db: "reports.db" })).toContain("9876-06.Other Job.pdf");
    for (const f of await files({ query: words, db: "reports.db", work_order: "9876-05" }))
      expect(f).toMatch(/^9876-05A?\./);
    const boring = await files({
      query: "At what depth was refusal in boring B-1?",
      db: "reports.db",
      work_order: "9876-05",
    });
    expect(boring).toEqual(["9876-05.Kapolei Wall.pdf"]);
    const lettered = await files({
      query: "Which boring is in the addendum?",
      db: "reports.db",
      work_order: "9876-05a",
    });
    expect(lettered).toEqual(["9876-05A.Kapolei Wall Addendum.pdf"]);
  });

  test("a work order scope is for the reports only, and must be shaped like one", async () => {
    const other = await ask({ query: "boring", db: "employee_handbook.db", work_order: "9876-05" });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: string }).error).toBe(
      "Only the Reports can be asked about one work order.",
    );
    const bad = await ask({ query: "boring", db: "reports.db", work_order: "98-05" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("A work order is four digits");
  });
});
