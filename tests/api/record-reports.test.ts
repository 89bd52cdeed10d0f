import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { docDocuments } from "@server/db/schema";
import type { IndexedReportRef } from "@shared/reports";
import { eq } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { textPdf } from "../helpers/pdfs";
import { bulkIndex } from "../helpers/reports";

/**
 * From a record to its report: a binder row and a core box carry the indexed report of their own work order in
 * their list rows (both doors), and only when one is indexed.
 */
let t: TestApp;
let cookie: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.login(DEMO.admin);
  const indexed = await bulkIndex(t, admin, [
    { name: "8200-01.Kona Pier.pdf", content: await textPdf(["Boring B-2 reached basalt at 9 ft."]) },
    { name: "8200-04B.Waimea Culvert.pdf", content: await textPdf(["Culvert footing on stiff clay."]) },
  ]);
  expect(indexed.body.indexed).toBe(2);
  for (const d of await t.deps.db.select().from(docDocuments)) ids[d.workOrder ?? ""] = d.id;
  const post = (path: string, json: unknown) => t.request(path, { method: "POST", json, cookie: admin });
  for (const wo of ["8200-01", "8200-01A", "8200-02", "8200-04(B)"]) {
    expect((await post("/api/reports-binder", { work_order: wo, pdf_file: `${wo}.pdf` })).status).toBe(200);
    expect((await post("/api/core-boxes", { work_order: wo, project: "Kona" })).status).toBe(201);
  }
  cookie = await t.login(DEMO.user);
}, 120_000);
afterAll(() => t.close());

type Row = { work_order: string; report: IndexedReportRef | null };
const byWo = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.work_order, r.report]));

function expected() {
  return {
    "8200-01": { file_id: ids["8200-01"]!, file_name: "8200-01.Kona Pier.pdf", stored: true },
    // A lettered work order is its own: the base number's report is not its report.
    "8200-01A": null,
    "8200-02": null,
    // The letter in parentheses is the same work order as the letter attached.
    "8200-04(B)": { file_id: ids["8200-04B"]!, file_name: "8200-04B.Waimea Culvert.pdf", stored: true },
  };
}

describe("list rows carry their work order's indexed report", () => {
  test("binder rows, both doors", async () => {
    const res = await t.request("/api/reports-binder?wo=8200&page_size=50", { cookie });
    expect(res.status).toBe(200);
    const rest = (await res.json()) as { rows: Row[] };
    expect(byWo(rest.rows)).toEqual(expected());
    const trpc = await trpcCall(t, cookie, "reportsBinder.list", { wo: "8200", page_size: 50 });
    expect(byWo((trpc.data as { rows: Row[] }).rows)).toEqual(expected());
  });

  test("core boxes, both doors", async () => {
    const res = await t.request("/api/core-boxes?q=8200&page_size=50", { cookie });
    expect(res.status).toBe(200);
    expect(byWo(((await res.json()) as { rows: Row[] }).rows)).toEqual(expected());
    const user = await callerAs(t, DEMO.user);
    expect(byWo((await user.coreBoxes.list({ q: "8200", page_size: 50 })).rows)).toEqual(expected());
  });

  test("a report that is not indexed (failed or removed) is no link", async () => {
    await t.deps.db
      .update(docDocuments)
      .set({ status: "failed" })
      .where(eq(docDocuments.id, ids["8200-01"]!));
    const user = await callerAs(t, DEMO.user);
    expect(byWo((await user.coreBoxes.list({ q: "8200" })).rows)["8200-01"]).toBeNull();
    await t.deps.db
      .update(docDocuments)
      .set({ status: "indexed" })
      .where(eq(docDocuments.id, ids["8200-01"]!));
  });
});
