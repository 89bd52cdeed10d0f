import { afterAll, beforeAll, expect, test } from "bun:test";
import { jobs } from "@server/db/schema";
import { seedDemoReports } from "@server/domains/reports/demo";
import { DEMO_REPORTS } from "@server/domains/reports/demo-reports";
import { sql } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test("first start: the demo reports are written and indexed once, so /reports is not empty", async () => {
  expect(await seedDemoReports(t.deps)).toBe(true);
  expect(await seedDemoReports(t.deps)).toBe(false);
  const [demo] = await t.deps.db.select().from(jobs).where(sql`kind = 'demo-reports'`);
  expect((await t.deps.jobs.wait(demo!.id)).status).toBe("done");
  const indexJobs = await t.deps.db.select({ id: jobs.id }).from(jobs).where(sql`kind = 'index-file'`);
  expect(indexJobs.length).toBe(DEMO_REPORTS.length);
  for (const j of indexJobs) expect((await t.deps.jobs.wait(j.id)).status).toBe("done");

  const caller = await callerAs(t, DEMO.user);
  const { files } = await caller.reports.files({});
  expect(files.map((f) => f.file_name).sort()).toEqual(DEMO_REPORTS.map((d) => d.fileName).sort());
  expect(files.find((f) => f.work_order === "3987-11A")).toMatchObject({
    project: "Pier 12 Rehabilitation",
    stored: true,
  });
  const { hits } = await caller.reports.search({ q: "groundwater" });
  expect(hits[0]).toMatchObject({ file_name: "4012-07.Kapolei Substation.pdf", page: 1 });
  expect(await seedDemoReports(t.deps)).toBe(false);
  // The dashboard's "Documents Indexed" counts them (with the document databases' files).
  const { docsIndexed } = await caller.dashboard.kpis();
  expect(docsIndexed.value).toBe(DEMO_REPORTS.length);
  expect(docsIndexed.trend.at(-1)).toBe(DEMO_REPORTS.length);
  expect(docsIndexed.trend[0]).toBe(0);
});
