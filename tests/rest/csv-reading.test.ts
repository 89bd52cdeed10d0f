import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ImportResult } from "@shared/directory";
import type { ImportReport } from "@shared/ocr";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";

/**
 * Every CSV import reads through one reader (server/lib/csv.ts): a file it cannot read is a 400 that says which
 * row to fix, never a 500, and blank lines keep the row numbers the spreadsheet shows.
 */
let t: TestApp;
let admin = "";
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "true" });
  admin = await t.login(DEMO.admin);
});
afterAll(() => t.close());

const UNREADABLE =
  "The CSV file could not be read: a quote opened in row 3 is never closed. Open it in Excel and save it again.";
const upload = (path: string, body: string) => {
  const form = new FormData();
  form.set("file", new File([body], "file.csv", { type: "text/csv" }));
  return t.request(path, { method: "POST", body: form, cookie: admin });
};

describe("a quote never closed", () => {
  const csv =
    'Work Order,Project,Work Order Number,Name,Email\n9701-01,Pier,9701-01,Ana,a@geolabs.example\n"9701-02,Lot\n';

  for (const path of [
    "/api/core-boxes/import?dry_run=1",
    "/api/reports-binder/import?dry_run=1",
    "/api/projects/import",
  ]) {
    test(`${path}: 400 naming the row`, async () => {
      const res = await upload(path, csv);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(UNREADABLE);
    });
  }

  test("the staff directory import: the same sentence on tRPC", async () => {
    const res = await trpcCall(t, admin, "directory.importStaff", { csv }, "mutation");
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(UNREADABLE);
  });
});

describe("blank lines", () => {
  test("the project register names a bad row by its line in the file", async () => {
    const csv = "Work Order Number,Date\n9702-01,2021-05-01\n\n\n9702-02,someday\n";
    const report = (await (await upload("/api/projects/import", csv)).json()) as ImportReport;
    expect(report.rows).toBe(2);
    expect(report.rejected.map((r) => r.row)).toEqual([5]);
  });

  test("the staff directory names a skipped row by its line in the file", async () => {
    const csv = "Name,Email\nAna Silva,ana@geolabs.example\n\nBo Kim,not-an-email\n";
    const res = await trpcCall(t, admin, "directory.importStaff", { csv }, "mutation");
    const result = res.data as ImportResult;
    expect(result.inserted).toBe(1);
    expect(result.skipped).toEqual([{ line: 4, reason: "Email must be a valid email address." }]);
  });
});
