/** Read side of core boxes: rows by id, the Year and Island choices, one box, the change history (list.ts: the list). */
import { boxStatus, type CoreBox, type CoreBoxRow } from "@shared/core-boxes";
import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { preparedPer } from "../../db/prepared";
import { coreBoxes } from "../../db/schema";
import { type ChangeView, listChanges } from "../../lib/history";

export function withStatus(box: CoreBox, today: string): CoreBoxRow {
  return { ...box, status: boxStatus(box.storage_expiry_date, today) };
}

export type BoxRecord = typeof coreBoxes.$inferSelect;

export function toCoreBox(r: BoxRecord): CoreBox {
  return {
    id: r.id,
    work_order: r.workOrder,
    project: r.project,
    engineer: r.engineer,
    report_submission_date: r.reportSubmissionDate,
    storage_expiry_date: r.storageExpiryDate,
    complete: r.complete,
    keep_or_dump: r.keepOrDump,
    island: r.island,
    year: r.year,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdBy,
    updated_at: r.updatedAt.toISOString(),
    updated_by: r.updatedBy,
  };
}

/** The boxes with these ids, in the order of `ids` (a list's page); ids of boxes removed meanwhile are left out. */
export async function boxesByIds(db: DbOrTx, ids: number[]): Promise<BoxRecord[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(coreBoxes).where(inArray(coreBoxes.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A list page's rows: one statement, prepared once per database handle (the ids travel as one JSON array), the
 * columns the page shows (not search_words), and each row turned into the page's row in one step, with the
 * same keys in the same order as withStatus(toCoreBox(record)). The list's most frequent read: drizzle's SQL
 * building and its row mapping (a Date per timestamp, then its ISO text) cost more than SQLite's reading.
 */
const pageRowsQuery = preparedPer((db: DbOrTx) =>
  db
    .select({
      id: coreBoxes.id,
      workOrder: coreBoxes.workOrder,
      project: coreBoxes.project,
      engineer: coreBoxes.engineer,
      reportSubmissionDate: coreBoxes.reportSubmissionDate,
      storageExpiryDate: coreBoxes.storageExpiryDate,
      complete: coreBoxes.complete,
      keepOrDump: coreBoxes.keepOrDump,
      island: coreBoxes.island,
      year: coreBoxes.year,
      createdAt: coreBoxes.createdAt,
      createdBy: coreBoxes.createdBy,
      updatedAt: coreBoxes.updatedAt,
      updatedBy: coreBoxes.updatedBy,
    })
    .from(coreBoxes)
    .where(sql`${coreBoxes.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
    .prepare(),
);

/** The page's rows for these ids, in the order of `ids`; ids of boxes removed meanwhile are left out. */
export async function pageRowsByIds(db: DbOrTx, ids: number[], today: string): Promise<CoreBoxRow[]> {
  if (!ids.length) return [];
  // Raw values in the select's column order: nothing mapped until the row is built below.
  const values = (await pageRowsQuery(db).values({
    ids: JSON.stringify(ids),
  })) as unknown as ArrayLike<unknown>[];
  const byId = new Map<number, CoreBoxRow>();
  for (const v of values) {
    const expiry = v[5] as string | null;
    const row: CoreBoxRow = {
      id: v[0] as number,
      work_order: v[1] as string,
      project: v[2] as string,
      engineer: v[3] as string,
      report_submission_date: v[4] as string | null,
      storage_expiry_date: expiry,
      complete: v[6] as CoreBox["complete"],
      keep_or_dump: v[7] as CoreBox["keep_or_dump"],
      island: v[8] as string | null,
      year: v[9] as number | null,
      created_at: new Date(v[10] as number).toISOString(),
      created_by: v[11] as string,
      updated_at: new Date(v[12] as number).toISOString(),
      updated_by: v[13] as string,
      status: boxStatus(expiry, today),
    };
    byId.set(row.id, row);
  }
  const rows: CoreBoxRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row) rows.push(row);
  }
  return rows;
}

export async function findBox(db: DbOrTx, id: number): Promise<BoxRecord | undefined> {
  const [row] = await db.select().from(coreBoxes).where(eq(coreBoxes.id, id)).limit(1);
  return row;
}

export async function findBoxByWorkOrder(db: DbOrTx, workOrder: string): Promise<BoxRecord | undefined> {
  const [row] = await db.select().from(coreBoxes).where(eq(coreBoxes.workOrder, workOrder)).limit(1);
  return row;
}

/**
 * Years that have boxes, newest first. The summary table only holds rows with boxes, so this hops from one
 * year to the next on its year index (a few dozen seeks), whatever the number of boxes.
 */
export async function listYears(db: DbOrTx): Promise<number[]> {
  const rows = await db.all<{ v: number }>(sql`
    WITH RECURSIVE y(v) AS (
      SELECT (SELECT max(year) FROM core_box_counts)
      UNION ALL
      SELECT (SELECT max(year) FROM core_box_counts WHERE year < y.v) FROM y WHERE y.v > 0
    ) SELECT v FROM y WHERE v > 0`);
  return rows.map((r) => Number(r.v));
}

/** Islands that have boxes, A to Z: the same hops on the summary's primary key, which starts with island. */
export async function listIslands(db: DbOrTx): Promise<string[]> {
  const rows = await db.all<{ v: string }>(sql`
    WITH RECURSIVE i(v) AS (
      SELECT (SELECT min(island) FROM core_box_counts WHERE island > '')
      UNION ALL
      SELECT (SELECT min(island) FROM core_box_counts WHERE island > i.v) FROM i WHERE i.v IS NOT NULL
    ) SELECT v FROM i WHERE v IS NOT NULL`);
  return rows.map((r) => r.v);
}

export interface CoreBoxChange extends Omit<ChangeView<CoreBox>, "entity_id" | "batch_id"> {
  core_box_id: number;
  batch_id: string | null;
}

export async function listBoxChanges(
  db: DbOrTx,
  opts: { limit: number; core_box_id?: number },
): Promise<CoreBoxChange[]> {
  const rows = await listChanges<CoreBox>(db, "core_box", { limit: opts.limit, entityId: opts.core_box_id });
  return rows.map(({ entity_id, ...rest }) => ({ ...rest, core_box_id: entity_id }));
}
