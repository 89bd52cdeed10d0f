import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { UploadHistoryEntry } from "@shared/documents";
import type { ReportFile } from "@shared/reports";
import type { WorkOrderPage } from "@shared/work-orders";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { textPdf } from "../helpers/pdfs";
import { bulkIndex, getJson } from "../helpers/reports";

/**
 * A report renamed in the S3 Uploader (issue 55, item 10): the name every screen shows follows the file, on both
 * doors: the Reports list, the work order page, Ask AI's sources (old answers and new ones) and the Upload History.
 */
let t: TestApp;
const cookie = { admin: "", user: "" };

const OLD = "5501-03.Manoa Footbridge.pdf";
const NEW = "5501-03.Manoa Pedestrian Bridge.pdf";
const QUESTION = "At what depth did boring B-2 meet basalt?";

const reportNames = async () =>
  (await getJson<{ files: ReportFile[] }>(t, cookie.user, "/api/reports/files?q=manoa")).body.files.map(
    (f) => [f.file_name, f.work_order, f.project],
  );
const workOrderReports = async (wo: string) =>
  (await getJson<WorkOrderPage>(t, cookie.user, `/api/work-orders/${wo}`)).body.reports.map(
    (r) => r.file_name,
  );
const ask = async () => {
  const res = await t.request("/api/question", {
    method: "POST",
    cookie: cookie.user,
    json: { query: QUESTION, db: "reports.db", use_cache: false },
  });
  return (await res.json()) as { answer: string; sources: { file: string }[] };
};
const uploads = async () =>
  (await getJson<UploadHistoryEntry[]>(t, cookie.admin, "/api/upload-history?q=manoa")).body.map(
    (h) => h.file,
  );

beforeAll(async () => {
  t = await startTestApp();
  [cookie.admin, cookie.user] = await Promise.all([t.login(DEMO.admin), t.login(DEMO.user)]);
  const indexed = await bulkIndex(t, cookie.admin, [
    {
      name: OLD,
      content: await textPdf([
        "Prepared for the Manoa Valley Trails Office.",
        "Boring B-2 met basalt at 14 feet.",
      ]),
    },
    { name: "5501-04.Nuuanu Culvert.pdf", content: await textPdf(["Culvert headwall on stiff clay."]) },
  ]);
  expect(indexed.body.indexed).toBe(2);
}, 60_000);
afterAll(() => t.close());

const move = (src: string, dst: string) =>
  t.request("/api/s3/move", {
    method: "POST",
    cookie: cookie.admin,
    json: { src_key: `reports/${src}`, dst_key: `reports/${dst}` },
  });

describe("a report renamed in storage", () => {
  test("the Reports list, the work order page, Ask AI and the Upload History show the new name", async () => {
    const before = await ask();
    expect(before.sources.map((s) => s.file)).toContain(OLD);
    expect(await workOrderReports("5501-03")).toEqual([OLD]);

    expect((await move(OLD, NEW)).status).toBe(200);

    expect(await reportNames()).toEqual([[NEW, "5501-03", "Manoa Pedestrian Bridge"]]);
    expect(await workOrderReports("5501-03")).toEqual([NEW]);
    // The answer asked before the rename now cites the new name, and so does a new one.
    const { data } = await trpcCall(t, cookie.user, "chat.history", { db: "reports.db" });
    const { entries } = data as { entries: { answer: string; sources: { file: string }[] }[] };
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(e.sources.map((s) => s.file)).not.toContain(OLD);
      expect(e.answer).not.toContain(OLD);
    }
    expect((await ask()).sources.map((s) => s.file)).toContain(NEW);
    expect(await uploads()).toEqual([NEW]);
  });

  test("on tRPC too; a new work order in the name moves the report to that work order's page", async () => {
    const admin = await callerAs(t, DEMO.admin);
    const moved = "5501-05.Manoa Pedestrian Bridge.pdf";
    await admin.storage.move({ src_key: `reports/${NEW}`, dst_key: `reports/${moved}` });
    expect(await reportNames()).toEqual([[moved, "5501-05", "Manoa Pedestrian Bridge"]]);
    expect(await workOrderReports("5501-03")).toEqual([]);
    expect(await workOrderReports("5501-05")).toEqual([moved]);
    // The renamed report's link still opens the stored PDF.
    const [file] = (await getJson<{ files: ReportFile[] }>(t, cookie.user, "/api/reports/files?q=manoa")).body
      .files;
    const link = await getJson<{ url: string }>(t, cookie.user, `/api/reports/files/${file!.file_id}/link`);
    expect(link.status).toBe(200);
    expect(decodeURIComponent(link.body.url)).toContain(moved);
  });

  test("a name that is not in the report form keeps the report's work order and project", async () => {
    expect((await move("5501-04.Nuuanu Culvert.pdf", "Nuuanu culvert draft.pdf")).status).toBe(200);
    const files = (await getJson<{ files: ReportFile[] }>(t, cookie.user, "/api/reports/files?q=nuuanu")).body
      .files;
    expect(files.map((f) => [f.file_name, f.work_order, f.project])).toEqual([
      ["Nuuanu culvert draft.pdf", "5501-04", "Nuuanu Culvert"],
    ]);
  });
});
