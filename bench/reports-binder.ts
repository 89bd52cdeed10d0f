import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { applyExtras } from "../src/server/db/extras";
import { applyMigrations, refreshPlannerStats } from "../src/server/db/migrate";
import { binderCsv } from "../src/server/domains/reports-binder/export";
import { listBinder } from "../src/server/domains/reports-binder/queries";
import { binderListInput } from "../src/shared/reports-binder";
import { type Figure, timeIt } from "./lib";

const ROWS = 500_000;

/**
 * Bulk-load with the search triggers dropped, then rebuild the trigram index once (as a restore would). `rows`:
 * fewer for the search benchmark's small runs.
 */
export async function load(db: Awaited<ReturnType<typeof openDatabase>>["db"], rows = ROWS) {
  for (const t of ["reports_binder_fts_ai", "reports_binder_fts_au", "reports_binder_fts_ad"])
    await db.run(sql.raw(`DROP TRIGGER IF EXISTS ${t}`));
  await db.run(sql.raw("DROP TABLE IF EXISTS reports_binder_fts"));
  const INITIALS = ["GS", "AT", "TT", "KM", "LA", "NK", "PK", "MO", "JH", "RC"];
  await db.run(
    sql.raw(
      `
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
    INSERT INTO reports_binder (pdf_file, date, work_order, engineer_initials, billing, date_sent, page_label, created_by, updated_by)
    SELECT
      (1000 + i / 40) || '-' || printf('%02d', i % 40) || '.Project ' || (i % 997) || '.pdf',
      date('2010-01-01', '+' || (i % 5800) || ' days'),
      (1000 + i / 40) || '-' || printf('%02d', i % 40) || CASE WHEN i % 9 = 0 THEN '(A)' ELSE '' END,
      ${"'"}${INITIALS.join("','")}${"'"},
      CASE WHEN i % 7 = 0 THEN '' ELSE CAST(10000 + (i * 7919) % 89999 AS TEXT) END,
      CASE WHEN i % 5 = 0 THEN NULL ELSE date('2010-01-03', '+' || (i % 5800) || ' days') END,
      CAST(1 + i % 40 AS TEXT), 'bench', 'bench'
    FROM n`.replace(
        `'${INITIALS.join("','")}'`,
        `(CASE i % 10 ${INITIALS.map((x, k) => `WHEN ${k} THEN '${x}${k % 3 === 0 ? `:${INITIALS[(k + 3) % 10]}` : ""}'`).join(" ")} END)`,
      ),
    ),
  );
  await applyExtras(db);
  // What a server start does after a bulk restore: refresh the planner's statistics.
  await refreshPlannerStats(db);
}

export async function reportsBinderBench(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "geolabs-bench-binder-"));
  const database = await openDatabase(`file:${join(dir, "bench.db")}`);
  try {
    await applyMigrations(database.db);
    await load(database.db);
    const cases = [
      {},
      { sort_by: "work_order", sort_dir: "asc" },
      { sort_by: "billing", sort_dir: "desc", page: 50 },
      { wo: "1234" },
      { wo: "5000-12", sort_by: "date_sent" },
      { eng: "GS" },
      { billing_only: true, sort_by: "engineer_initials" },
      { date_from: "2015-01-01", date_to: "2015-03-31" },
      { q: "Project 42" },
      { q: "1234-0", billing_only: true },
      { q: "GS", date_from: "2012-01-01" },
      { eng: "AT", billing_only: true, date_from: "2014-01-01", date_to: "2016-12-31", sort_by: "billing" },
    ].map((c) => binderListInput.parse(c));
    let i = 0;
    const list = await timeIt(240, () => listBinder(database.db, cases[i++ % cases.length]!));
    const structured = cases.filter((c) => !c.q);
    let j = 0;
    const filtersOnly = await timeIt(240, () =>
      listBinder(database.db, structured[j++ % structured.length]!),
    );

    // CSV export read to the end: throughput on ~100,000 rows, and peak memory growth for ~100,000 vs ~300,000
    // rows (streamed in batches, so the growth must not depend on the row count). Both runs are long enough for
    // the garbage collector to reach its steady state; a run shorter than that shows the heap's warm-up instead.
    const mid = await exportRun(
      database.db,
      binderListInput.parse({ date_from: "2010-01-01", date_to: "2013-02-24" }),
    );
    const big = await exportRun(
      database.db,
      binderListInput.parse({ date_from: "2010-01-01", date_to: "2019-07-01" }),
    );
    const small = mid;
    const rowsOut = mid.rows;
    const seconds = mid.seconds;
    return [
      {
        name: `binder list over ${ROWS.toLocaleString()} rows p95 (filters × sorts, no free-text search)`,
        value: filtersOnly.p95,
        unit: "ms",
        target: 20,
        better: "lower",
      },
      {
        name: `binder list over ${ROWS.toLocaleString()} rows p95 (mix incl. broad free-text search)`,
        value: list.p95,
        unit: "ms",
        target: 20,
        better: "lower",
      },
      {
        name: `binder list over ${ROWS.toLocaleString()} rows p95 CPU time (filters × sorts)`,
        value: filtersOnly.cpuP95,
        unit: "ms",
        target: 20,
        better: "lower",
      },
      {
        name: `binder list over ${ROWS.toLocaleString()} rows p95 CPU time (mix incl. broad free-text search)`,
        value: list.cpuP95,
        unit: "ms",
        target: 20,
        better: "lower",
      },
      {
        name: `binder CSV export (${rowsOut.toLocaleString()} rows) throughput`,
        value: rowsOut / seconds,
        unit: "rows/s",
        target: 50_000,
        better: "higher",
      },
      {
        name: `binder CSV export: extra peak memory for ${big.rows.toLocaleString()} rows vs ${small.rows.toLocaleString()} rows`,
        value: Math.max(0, big.growthMb - small.growthMb),
        unit: "MB",
        target: 32,
        better: "lower",
      },
    ];
  } finally {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function exportRun(
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  input: ReturnType<typeof binderListInput.parse>,
) {
  Bun.gc(true);
  const before = process.memoryUsage().rss;
  let peak = before;
  let lines = 0;
  const t0 = performance.now();
  const reader = binderCsv(db, input).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const b of value) if (b === 10) lines++;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  return {
    rows: lines - 1,
    seconds: (performance.now() - t0) / 1000,
    growthMb: (peak - before) / 1024 / 1024,
  };
}
