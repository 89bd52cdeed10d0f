import { afterAll, beforeAll, expect, test } from "bun:test";
import { seedDemoDocuments } from "@server/compose/seed";
import { jobs } from "@server/db/schema";
import { DEMO_DOCUMENTS } from "@server/domains/documents/demo";
import { sql } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test("first start: the demo PDFs are written and indexed into their three databases, once", async () => {
  expect(await seedDemoDocuments(t.deps)).toBe(true);
  expect(await seedDemoDocuments(t.deps)).toBe(false);
  const [demo] = await t.deps.db.select().from(jobs).where(sql`kind = 'demo-documents'`);
  expect((await t.deps.jobs.wait(demo!.id)).status).toBe("done");
  const indexJobs = await t.deps.db.select({ id: jobs.id }).from(jobs).where(sql`kind = 'index-file'`);
  expect(indexJobs.length).toBe(3);
  for (const j of indexJobs) expect((await t.deps.jobs.wait(j.id)).status).toBe("done");

  const caller = await callerAs(t, DEMO.user);
  const { dbs } = await caller.documents.listDbs();
  expect(dbs.map((d) => [d.name, d.title, d.files])).toEqual([
    ["employee_handbook.db", "Employee Handbook", 1],
    ["retirement_plan.db", "Retirement Plan Guide", 1],
    ["share_plan.db", "Employee Share Plan", 1],
  ]);
  const { files } = await caller.documents.listFiles({ db_name: "employee_handbook.db" });
  expect(files[0]).toMatchObject({
    fileName: DEMO_DOCUMENTS[0]!.fileName,
    pages: DEMO_DOCUMENTS[0]!.pages.length,
    uploadedBy: "seed",
  });
  // A fact from the handbook is found on the page the demo module says.
  const hit = await t.deps.db.all<{ first_page: number; last_page: number }>(
    sql`SELECT c.first_page, c.last_page FROM doc_chunks_fts JOIN doc_chunks c ON c.id = doc_chunks_fts.rowid
        WHERE doc_chunks_fts MATCH '"Z89.1"' LIMIT 1`,
  );
  expect(hit[0]!.first_page).toBeLessThanOrEqual(17);
  expect(hit[0]!.last_page).toBeGreaterThanOrEqual(17);
  expect(await seedDemoDocuments(t.deps)).toBe(false);
});
