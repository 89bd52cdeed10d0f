/**
 * Bulk-load generated boxes into a migrated database fast: drop the search triggers and the secondary indexes,
 * insert with multi-row INSERTs in one transaction, recreate the indexes (a sort per index beats 200,000
 * random inserts into 10 of them), then let applyExtras() rebuild the search table and the count summary.
 */
import { openDatabase } from "../src/server/db/client";
import { applyExtras, dropExtras } from "../src/server/db/extras";
import { applyMigrations } from "../src/server/db/migrate";
import { generateDemoBoxes } from "../src/server/domains/core-boxes/demo-data";
import { searchWordsOf } from "../src/server/domains/core-boxes/search-words";

export async function loadBoxes(url: string, count: number, now: Date) {
  const database = await openDatabase(url);
  const { db, client } = database;
  await applyMigrations(db);
  const t0 = performance.now();
  await dropExtras(db);
  const indexes = (
    await client.execute(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'core_boxes' AND sql IS NOT NULL",
    )
  ).rows.map((r) => ({ name: String(r.name), sql: String(r.sql) }));
  for (const i of indexes) await client.execute(`DROP INDEX ${i.name}`);

  const boxes = generateDemoBoxes(count, { now });
  const nowMs = now.getTime();
  const tx = await client.transaction("write");
  const per = 500;
  const cols =
    "work_order, project, engineer, report_submission_date, storage_expiry_date, complete, keep_or_dump, island, year, created_at, created_by, updated_at, updated_by, search_words";
  for (let i = 0; i < boxes.length; i += per) {
    const chunk = boxes.slice(i, i + per);
    const args: (string | number | null)[] = [];
    for (const b of chunk) {
      args.push(b.work_order, b.project, b.engineer, b.report_submission_date, b.storage_expiry_date);
      args.push(b.complete, b.keep_or_dump, b.island, b.year, nowMs, "bench", nowMs, "bench");
      args.push(searchWordsOf({ workOrder: b.work_order, project: b.project, engineer: b.engineer }));
    }
    const values = chunk.map(() => "(?,?,?,?,?,?,?,?,?,?,?,?,?,?)").join(",");
    await tx.execute({ sql: `INSERT INTO core_boxes (${cols}) VALUES ${values}`, args });
  }
  for (const i of indexes) await tx.execute(i.sql);
  await tx.commit();
  const rowsMs = performance.now() - t0;
  await applyExtras(db);
  await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  const totalMs = performance.now() - t0;
  return { database, rowsMs, totalMs };
}
