import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { refreshPlannerStats } from "../src/server/db/migrate";
import { seedDemoProjects } from "../src/server/domains/projects/seed";
import { ensureReportsCollection, reportsCollectionId } from "../src/server/domains/reports/collection";
import { workOrderPage } from "../src/server/domains/work-orders/page";
import { createLogger } from "../src/server/lib/logger";
import type { ServiceCtx } from "../src/server/lib/service-ctx";
import { workOrderPageInput } from "../src/shared/work-orders";
import { loadBoxes } from "./core-boxes-load";
import { type Figure, percentile } from "./lib";
import { load as loadBinder } from "./reports-binder";

/**
 * One work order's page at archive scale: 200,000 core boxes, 500,000 binder rows, 20,000 register lines,
 * ~38,000 indexed reports (the archive's 1,000,000 pages at ~26 a report) and a change record for every box
 * and binder row. The page reads only the reports' document rows (never their pages or chunks), so the reports
 * are written as document rows with their page counts; the archive suite measures their text.
 */
const BOXES = 200_000;
const REPORTS = 38_000;
const RUNS = 400;

async function loadReports(db: ServiceCtx["db"]) {
  const collection = await ensureReportsCollection(db, "bench");
  await db.run(
    sql.raw(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${REPORTS})
    INSERT INTO doc_documents (collection_id, file_name, storage_key, sha256, size, pages, status, uploaded_by, uploaded_at, work_order, project)
    SELECT ${collection},
      wo || '.Project ' || (i % 997) || '.pdf', 'reports/' || wo || '.Project ' || (i % 997) || '.pdf',
      hex(randomblob(32)), 250000, 10 + i % 33, 'indexed', 'bench',
      (1262304000000 + i * 8000000), wo, 'Project ' || (i % 997)
    FROM (SELECT i, (1000 + i / 12) || '-' || printf('%02d', i % 40) || CASE WHEN i % 11 = 0 THEN 'A' ELSE '' END AS wo FROM n)`),
  );
  return collection;
}

/** A create record for every box and binder row, and an edit for every tenth: the history the page reads. */
async function loadHistory(db: ServiceCtx["db"]) {
  for (const [kind, table] of [
    ["core_box", "core_boxes"],
    ["reports_binder", "reports_binder"],
  ]) {
    await db.run(
      sql.raw(`INSERT INTO change_records (kind, entity_id, action, work_order, user, ts, before, after)
        SELECT '${kind}', id, 'create', work_order, 'bench', 1262304000000 + id * 1000, NULL, '{"work_order":"' || work_order || '"}' FROM ${table}`),
    );
    await db.run(
      sql.raw(`INSERT INTO change_records (kind, entity_id, action, work_order, user, ts, before, after)
        SELECT '${kind}', id, 'update', work_order, 'bench', 1300000000000 + id * 1000, '{"a":1}', '{"a":2}' FROM ${table} WHERE id % 10 = 0`),
    );
  }
}

export async function workOrdersBench(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "geolabs-bench-wo-"));
  const now = new Date();
  try {
    const t0 = performance.now();
    const { database } = await loadBoxes(`file:${join(dir, "portal.db")}`, BOXES, now);
    const { db } = database;
    await loadBinder(db);
    await seedDemoProjects(db, createLogger("silent"));
    await loadReports(db);
    await loadHistory(db);
    await refreshPlannerStats(db);
    console.log(`  loaded the archive-scale records in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (!(await reportsCollectionId(db))) throw new Error("no reports collection");

    // Work orders people open: ones with records of every kind, lettered ones, bases of lettered ones, and
    // well-formed numbers nobody used.
    const pick = async (q: string) => (await db.all<{ wo: string }>(sql.raw(q))).map((r) => r.wo);
    const wanted = [
      ...(await pick("SELECT work_order AS wo FROM core_boxes ORDER BY random() LIMIT 60")),
      ...(await pick("SELECT work_order AS wo FROM reports_binder ORDER BY random() LIMIT 60")),
      ...(await pick("SELECT work_order AS wo FROM doc_documents ORDER BY random() LIMIT 60")),
      ...(await pick("SELECT work_order AS wo FROM projects ORDER BY random() LIMIT 40")),
      ...["9999-98", "0001-01", "7777-777"],
    ]
      .map((wo) => workOrderPageInput.safeParse({ wo }))
      .flatMap((r) => (r.success ? [r.data] : []));
    const ctx = { db, now: () => now } as ServiceCtx;
    let records = 0;
    for (const input of wanted) {
      const page = await workOrderPage(ctx, input);
      records += page.reports.length + page.binder.length + page.core_boxes.length + page.history.length;
    }
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const input = wanted[i % wanted.length]!;
      const t = performance.now();
      await workOrderPage(ctx, input);
      times.push(performance.now() - t);
    }
    console.log(
      `  ${wanted.length} work orders, ${(records / wanted.length).toFixed(1)} records a page on average`,
    );
    database.close();
    return [
      {
        name: "work order page data, archive scale (200,000 boxes, 500,000 binder rows, 38,000 reports, 20,000 projects): p95",
        value: percentile(times, 95),
        unit: "ms",
        target: 50,
        better: "lower",
      },
      {
        name: "work order page data, archive scale: p50",
        value: percentile(times, 50),
        unit: "ms",
        target: Number.NaN,
        better: "lower",
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
