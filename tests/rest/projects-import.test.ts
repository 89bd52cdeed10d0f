import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { projects } from "@server/db/schema";
import type { ImportReport } from "@shared/ocr";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";

let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const [k, email] of Object.entries(DEMO)) cookies[k] = await t.login(email);
});
afterAll(() => t.close());

const CSV = [
  "Date,Client,Project Name,PR Number,Work Order Number,Principal Engineer,Invoice Number,Final Report Date",
  "3/10/21,Hawaii Gas,Iwilei Tank Farm,61001,9101-01,GS,700001,4/30/21",
  ',City and County,"Kakaako Park, Phase 2",61002,9101-02 (3/12/21),AT,,TBD',
  "2021-05-01,Matson,Sand Island Pier,61003,9102-05a,TT,700003,",
  "2021-05-02,Nobody,No work order,61004,,KM,,",
  "2021-05-03,Somebody,Bad work order,61005,ABC-12,KM,,",
  "2021-05-04,Twice,Again,61006,9101-01,KM,,",
  "someday,Late,Bad date,61007,9103-01,KM,,",
].join("\n");

async function importFile(
  body: string | Uint8Array,
  fields: Record<string, string>,
  cookie: string | null = cookies.admin!,
  name = "register.csv",
) {
  const form = new FormData();
  form.append("file", new File([body as BlobPart], name));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return t.request("/api/projects/import", { method: "POST", body: form, cookie: cookie ?? undefined });
}
const count = async (wo: string) =>
  (await t.deps.db.select().from(projects).where(eq(projects.workOrder, wo))).length;

describe("POST /api/projects/import", () => {
  test("a dry run reports what would change and each rejected row, and writes nothing", async () => {
    const res = await importFile(CSV, {});
    expect(res.status).toBe(200);
    const report = (await res.json()) as ImportReport;
    expect(report).toMatchObject({
      dry_run: true,
      rows: 7,
      accepted: 3,
      added: 3,
      updated: 0,
      rejected_total: 4,
    });
    expect(report.rejected.map((r) => [r.row, r.reason])).toEqual([
      [5, "Work Order Number is empty."],
      [6, "Work Order Number is not a work order (1234, 1234-56, 1234-56A or 1234-56(A))."],
      [7, "Work order 9101-01 is already on row 2."],
      [8, 'Date "someday" is not a date.'],
    ]);
    expect(report.columns).toContain("Final Report Date");
    expect(await count("9101-01")).toBe(0);
  });

  test("the import adds, then a second import updates; a date after the work order fills a missing Date", async () => {
    const first = (await (await importFile(CSV, { dry_run: "false" })).json()) as ImportReport;
    expect(first).toMatchObject({ dry_run: false, added: 3, updated: 0 });
    const [row] = await t.deps.db.select().from(projects).where(eq(projects.workOrder, "9101-02"));
    expect(row).toMatchObject({
      client: "City and County",
      project: "Kakaako Park, Phase 2",
      date: "2021-03-12",
    });
    expect(row!.finalReportDate).toBe("");
    const again = (await (await importFile(CSV, { dry_run: "0" })).json()) as ImportReport;
    expect(again).toMatchObject({ added: 0, updated: 3 });
    const lookup = await t.request("/api/lookup-work-orders", {
      method: "POST",
      json: { work_orders: ["9102-05(A)"] },
      cookie: cookies.user,
    });
    expect(((await lookup.json()) as { matches: { project_wo: string }[] }).matches[0]!.project_wo).toBe(
      "9102-05A",
    );
  });

  test(".xlsx with real date cells, and replace leaves exactly the file", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Register");
    sheet.addRow(["Work Order Number", "Client", "Date"]);
    sheet.addRow(["9201-01", "Bishop Museum", new Date(Date.UTC(2022, 6, 4))]);
    sheet.addRow(["W.O. 9201-02(B)", "Bishop Museum", "7/5/2022"]);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const dry = (await (
      await importFile(bytes, { replace: "true" }, cookies.owner, "r.xlsx")
    ).json()) as ImportReport;
    expect(dry).toMatchObject({ dry_run: true, replace: true, accepted: 2, added: 2 });
    expect(dry.removed).toBeGreaterThan(20_000);
    const done = await importFile(bytes, { replace: "true", dry_run: "false" }, cookies.owner, "r.xlsx");
    expect(done.status).toBe(200);
    const all = await t.deps.db.select().from(projects);
    expect(all.map((p) => [p.workOrder, p.date])).toEqual([
      ["9201-01", "2022-07-04"],
      ["9201-02(B)", "2022-07-05"],
    ]);
    const stats = await trpcCall(t, cookies.user, "projects.stats");
    expect(stats.data).toMatchObject({ total: 2, demo: 0, last_import: { by: DEMO.owner } });
  });

  test("refusals: no Work Order Number column, not a spreadsheet, no file", async () => {
    const noColumn = await importFile("Client,Date\nA,3/4/21\n", {});
    expect(noColumn.status).toBe(400);
    expect(((await noColumn.json()) as { error: string }).error).toBe(
      "The file has no Work Order Number column.",
    );
    expect((await importFile(new Uint8Array([0, 1, 2, 3, 0, 9]), {})).status).toBe(415);
    const form = new FormData();
    form.append("dry_run", "true");
    const res = await t.request("/api/projects/import", {
      method: "POST",
      body: form,
      cookie: cookies.admin,
    });
    expect(res.status).toBe(400);
  });

  test("Admins and Owners may import; a User may not (403), nor anyone signed out (401)", async () => {
    expect((await importFile(CSV, {}, cookies.superOwner)).status).toBe(200);
    expect((await importFile(CSV, {}, cookies.owner)).status).toBe(200);
    expect((await importFile(CSV, {}, cookies.admin)).status).toBe(200);
    const denied = await importFile(CSV, { dry_run: "false" }, cookies.user);
    expect(denied.status).toBe(403);
    expect((await importFile(CSV, {}, null)).status).toBe(401);
  });
});
