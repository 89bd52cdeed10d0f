/**
 * reportsBinder.locate: the page of a list (filters, sort, page size as the screen has them) that shows a row, or
 * null when the filters leave it out. Checked against the list itself, page by page, for every sort and direction,
 * with ties, rows without a date, filters and a long (full-text) search.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { reportsBinder } from "@server/db/schema";
import { listBinder } from "@server/domains/reports-binder/queries";
import { BINDER_SORTS, binderListInput } from "@shared/reports-binder";
import { sql } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";

let t: TestApp;
let ids: number[] = [];
const ROWS = 400;

beforeAll(async () => {
  t = await startTestApp();
  await t.deps.db.run(sql`delete from reports_binder`);
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    pdfFile: `${i % 5 === 0 ? "Survey" : "Report"} ${i % 31}.pdf`,
    // Few distinct values: many ties, broken by id.
    date: i % 6 === 0 ? null : `2020-0${1 + (i % 4)}-1${i % 3}`,
    workOrder: `${1000 + (i % 17)}-0${i % 7}`,
    engineerInitials: ["GS", "AT", "GS:AT", ""][i % 4]!,
    billing: i % 3 === 0 ? "" : String(10000 + (i % 11)),
    dateSent: i % 4 === 0 ? null : `2021-0${1 + (i % 5)}-01`,
    pageLabel: "",
    createdBy: "test",
    updatedBy: "test",
  }));
  await t.deps.db.insert(reportsBinder).values(rows);
  ids = (await t.deps.db.select({ id: reportsBinder.id }).from(reportsBinder)).map((r) => r.id);
}, 60_000);
afterAll(() => t?.close());

/** Every id of the list, in the order its pages show them. */
async function listed(filters: Record<string, unknown>) {
  const out: number[] = [];
  for (let page = 1; ; page++) {
    const got = await listBinder(t.deps.db, binderListInput.parse({ ...filters, page, page_size: 100 }));
    out.push(...got.rows.map((r) => r.id));
    if (got.rows.length < 100) return out;
  }
}

const FILTERS: Record<string, unknown>[] = [
  {},
  { eng: "GS" },
  { billing_only: true, date_from: "2020-02-01" },
  { q: "survey 1" },
  { wo: "1003" },
];

describe("reportsBinder.locate", () => {
  test("names the page that shows the row, for every sort and direction; null when filtered out", async () => {
    const user = await callerAs(t, DEMO.user);
    const sample = ids.filter((_, i) => i % 9 === 0);
    for (const filters of FILTERS)
      for (const sort_by of BINDER_SORTS)
        for (const sort_dir of ["asc", "desc"] as const) {
          const list = { ...filters, sort_by, sort_dir, page_size: 25 };
          const order = await listed(list);
          for (const id of sample) {
            const at = order.indexOf(id);
            const { page } = await user.reportsBinder.locate({ id, list });
            expect({ list, id, page }).toEqual({ list, id, page: at < 0 ? null : Math.floor(at / 25) + 1 });
          }
        }
  }, 60_000);

  test("a row that is gone is a 404 with a sentence", async () => {
    const user = await callerAs(t, DEMO.user);
    const err = await user.reportsBinder.locate({ id: 999_999, list: {} }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe("Binder row 999999 was not found. It may have been removed.");
  });
});
