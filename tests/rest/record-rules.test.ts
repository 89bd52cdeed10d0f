/**
 * One rule in one place (issue 55): a work order, an island, initials, a box's year, a binder row's dates and a
 * list's From/To range are checked the same at both doors (REST and tRPC) and in the spreadsheet imports, each
 * refused with one sentence a person reads on the field.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { DATE_RANGE_REVERSED } from "@shared/common";
import { BINDER_MESSAGES, unknownListParams } from "@shared/reports-binder";
import { WORK_ORDER_SHAPE } from "@shared/work-orders";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { callerAs } from "../helpers/caller";

let t: TestApp;
let cookie: string;
let user: Awaited<ReturnType<typeof callerAs>>;
beforeAll(async () => {
  t = await startTestApp();
  cookie = await t.login(DEMO.user);
  user = await callerAs(t, DEMO.user);
});
afterAll(() => t.close());

const send = async (method: string, path: string, json?: unknown, as = cookie) => {
  const res = await t.request(path, { method, json, cookie: as });
  const body = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body, error: body.error as string | undefined };
};
/** The tRPC door as the browser calls it (through the error formatter): the code and sentence it refused with. */
const refusal = async (
  path: string,
  input: unknown,
  kind: "query" | "mutation" = "mutation",
  as = cookie,
) => {
  const r = await trpcCall(t, as, path, input, kind);
  if (!r.error) throw new Error(`${path} was accepted`);
  return { code: r.error.data?.code, message: r.error.message };
};
const upload = async (path: string, csv: string) => {
  const form = new FormData();
  form.set("file", new File([csv], "rows.csv", { type: "text/csv" }));
  const res = await t.request(`${path}?dry_run=1`, { method: "POST", body: form, cookie });
  return (await res.json()) as { ok: boolean; valid: number; rejected: { row: number; errors: string[] }[] };
};

describe("a work order is shaped like one everywhere", () => {
  test("binder: 'abc' is refused with the work order page's sentence at both doors; 4321-07a is 4321-07A", async () => {
    const rest = await send("POST", "/api/reports-binder", { work_order: "abc" });
    expect(rest).toMatchObject({ status: 400, error: WORK_ORDER_SHAPE });
    expect(await refusal("reportsBinder.create", { work_order: "abc" })).toEqual({
      code: "BAD_REQUEST",
      message: WORK_ORDER_SHAPE,
    });
    const ok = await send("POST", "/api/reports-binder", { work_order: " 4321-07a " });
    expect(ok.body.work_order).toBe("4321-07A");
    const edited = await send("PUT", `/api/reports-binder/${ok.body.id}`, { work_order: "abc" });
    expect(edited).toMatchObject({ status: 400, error: WORK_ORDER_SHAPE });
  });
  test("core boxes: 'abc' is refused at both doors; w.o. 4321-08(b) is stored 4321-08(B)", async () => {
    expect(await send("POST", "/api/core-boxes", { work_order: "abc" })).toMatchObject({
      status: 400,
      error: WORK_ORDER_SHAPE,
    });
    expect((await refusal("coreBoxes.create", { work_order: "abc" })).message).toBe(WORK_ORDER_SHAPE);
    const box = await user.coreBoxes.create({ work_order: "w.o. 4321-08(b)" });
    expect(box.work_order).toBe("4321-08(B)");
  });
  test("both imports refuse the row with the same sentence", async () => {
    const binder = await upload(
      "/api/reports-binder/import",
      "Page #,Date,Date Sent,Work Order #,Engineer's Initials,Billing\r\n1,2024-01-02,,abc,GS,\r\n2,2024-01-02,,4321-09,GS,\r\n",
    );
    expect(binder).toMatchObject({ ok: false, valid: 1 });
    expect(binder.rejected).toEqual([{ row: 2, work_order: "ABC", errors: [WORK_ORDER_SHAPE] } as never]);
    const boxes = await upload(
      "/api/core-boxes/import",
      "W.O. Number,Project,Engineer,Report Submission Date,storage date,Construction Complete?,Keep or Dump\r\nabc,P,GS,2024-01-05,,Yes,Keep\r\n",
    );
    expect(boxes.ok).toBe(false);
    expect(boxes.rejected[0]!.errors).toEqual([WORK_ORDER_SHAPE]);
  });
});

describe("core boxes: island, engineer initials, year", () => {
  test("an island not on the list is refused; o'ahu is Oahu", async () => {
    const island = "Island must be one of Oahu, Maui, Hawaii, Kauai, Molokai, Lanai, Niihau or Kahoolawe.";
    const rest = await send("POST", "/api/core-boxes", { work_order: "4400-01", island: "Atlantis" });
    expect(rest).toMatchObject({ status: 400, error: island });
    expect((await refusal("coreBoxes.create", { work_order: "4400-01", island: "Atlantis" })).message).toBe(
      island,
    );
    const ok = await user.coreBoxes.create({ work_order: "4400-01", island: "o'ahu" });
    expect(ok.island).toBe("Oahu");
  });
  test("engineer initials are letters, stored upper-case like the binder's", async () => {
    const sentence = "Engineer must be initials in letters, such as GS or GS/AT.";
    expect(await send("POST", "/api/core-boxes", { work_order: "4400-02", engineer: "G5" })).toMatchObject({
      status: 400,
      error: sentence,
    });
    expect((await refusal("coreBoxes.create", { work_order: "4400-02", engineer: "12" })).message).toBe(
      sentence,
    );
    const rest = await send("POST", "/api/core-boxes", { work_order: "4400-02", engineer: "gs/at" });
    expect(rest.body.engineer).toBe("GS/AT");
    const trpc = await user.coreBoxes.create({ work_order: "4400-03", engineer: "kh" });
    expect(trpc.engineer).toBe("KH");
  });
  test("a year far from the box's dates is refused with a sentence; one that fits is kept", async () => {
    const sentence =
      "Year 1950 does not fit the report submission date: use a year from 2021 to 2026, or leave Year blank to take the dates' year.";
    const fields = { work_order: "4400-04", report_submission_date: "2026-03-02", year: 1950 };
    expect(await send("POST", "/api/core-boxes", fields)).toMatchObject({ status: 400, error: sentence });
    expect((await refusal("coreBoxes.create", fields)).message).toBe(sentence);
    const kept = await user.coreBoxes.create({ ...fields, year: 2025 });
    expect(kept.year).toBe(2025);
    // Moving the dates away from a year a person typed is refused too, never saved without a word.
    const moved = await send("PUT", `/api/core-boxes/${kept.id}`, { report_submission_date: "2040-01-01" });
    expect(moved.status).toBe(400);
    expect(moved.error).toMatch(/^Year 2025 does not fit the report submission date/);
    const boxes = await upload(
      "/api/core-boxes/import",
      "W.O. Number,Project,Engineer,Report Submission Date,storage date,Construction Complete?,Keep or Dump,Year\r\n4400-05,P,GS,2026-01-05,,Yes,Keep,1950\r\n",
    );
    expect(boxes.rejected[0]!.errors).toEqual([sentence]);
  });
});

describe("binder: Date Sent, unchanged edits, the list's parameters", () => {
  test("a Date Sent before the Date is refused on create, edit and import, at both doors", async () => {
    const bad = { work_order: "4500-01", date: "2026-03-10", date_sent: "2026-03-01" };
    expect(await send("POST", "/api/reports-binder", bad)).toMatchObject({
      status: 400,
      error: BINDER_MESSAGES.sentBeforeDate,
    });
    expect((await refusal("reportsBinder.create", bad)).message).toBe(BINDER_MESSAGES.sentBeforeDate);
    const row = await user.reportsBinder.create({ ...bad, date_sent: "2026-03-12" });
    expect(await send("PUT", `/api/reports-binder/${row.id}`, { date_sent: "2026-03-02" })).toMatchObject({
      status: 400,
      error: BINDER_MESSAGES.sentBeforeDate,
    });
    const trpcEdit = { id: row.id, values: { date: "2026-04-01" } };
    expect((await refusal("reportsBinder.update", trpcEdit)).message).toBe(BINDER_MESSAGES.sentBeforeDate);
    const imported = await upload(
      "/api/reports-binder/import",
      "Page #,Date,Date Sent,Work Order #,Engineer's Initials,Billing\r\n1,2026-03-10,2026-03-01,4500-02,GS,\r\n",
    );
    expect(imported.rejected[0]!.errors).toEqual([BINDER_MESSAGES.sentBeforeDate]);
  });
  test("saving a row unchanged answers the row and records no change", async () => {
    const row = await user.reportsBinder.create({
      work_order: "4500-03",
      engineer_initials: "GS",
      billing: "12345",
    });
    const same = await user.reportsBinder.update({
      id: row.id,
      values: { work_order: "4500-03", engineer_initials: "gs", billing: "12345", date: "" },
    });
    expect(same).toEqual(row);
    const rest = await send("PUT", `/api/reports-binder/${row.id}`, { billing: "12345" });
    expect(rest.body).toEqual(row as never);
    const changes = await user.reportsBinder.changes({ limit: 200 });
    expect(changes.filter((c) => c.entity_id === row.id).map((c) => c.action)).toEqual(["create"]);
  });
  test("GET ?work_order=… is a 400 pointing at wo; wo filters", async () => {
    await user.reportsBinder.create({ work_order: "4500-04" });
    const unknown = await send("GET", "/api/reports-binder?work_order=4500-04");
    expect(unknown).toMatchObject({ status: 400, error: unknownListParams(["work_order"]) });
    const csv = await t.request("/api/reports-binder/export.csv?work_order=4500-04", { cookie });
    expect(csv.status).toBe(400);
    const known = await send("GET", "/api/reports-binder?wo=4500-04");
    expect(known.body.total).toBe(1);
  });
});

describe("a reversed From/To range is one sentence, not 'date_from date_from …'", () => {
  const reversed = { date_from: "2026-02-01", date_to: "2026-01-01" };
  test("binder at both doors; activity and onboarded (tRPC only)", async () => {
    expect(await send("GET", "/api/reports-binder?date_from=2026-02-01&date_to=2026-01-01")).toMatchObject({
      status: 400,
      error: DATE_RANGE_REVERSED,
    });
    expect((await refusal("reportsBinder.list", reversed, "query")).message).toBe(DATE_RANGE_REVERSED);
    const admin = await t.login(DEMO.admin);
    expect((await refusal("users.activity", reversed, "query", admin)).message).toBe(DATE_RANGE_REVERSED);
    expect((await refusal("users.onboarded", reversed, "query", admin)).message).toBe(DATE_RANGE_REVERSED);
    const ordered = await user.reportsBinder.list({ ...reversed, date_to: reversed.date_from });
    expect(ordered.rows).toBeArray();
  });
});

describe("POST /api/delete-db checks the role before the form", () => {
  test("a User without confirmation_text hears 403 at both doors; an Admin hears what the form lacks", async () => {
    const denied = await send("POST", "/api/delete-db", { db_name: "employee_handbook.db" });
    expect(denied.status).toBe(403);
    expect((await refusal("documents.deleteDb", { db_name: "employee_handbook.db" })).code).toBe("FORBIDDEN");
    const admin = await t.login(DEMO.admin);
    const lacking = await send("POST", "/api/delete-db", { db_name: "employee_handbook.db" }, admin);
    expect(lacking.status).toBe(400);
    expect(lacking.error).toMatch(/confirmation_text/);
  });
});
