/** Read side of core boxes: rows by id, the Year and Island choices, one box, the change history (list.ts: the list). */
import { boxStatus, type CoreBox, type CoreBoxRow } from "@shared/core-boxes";
import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { preparedPer } from "../../db/prepared";
import { coreBoxes } from "../../db/schema";
import { type ChangeView, listChanges } from "../../lib/history";
import { searchWordsOf } from "./search-words";

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

/** A box's fields as the API names them, without the bookkeeping (what a seed, a restore or a test writes). */
export type BoxFields = Omit<CoreBox, "id" | "created_at" | "created_by" | "updated_at" | "updated_by">;

/** toCoreBox's inverse: a box as its table row (search words included), written by `by` at `at`. */
export function toBoxRecord(b: BoxFields, by: string, at: Date): typeof coreBoxes.$inferInsert {
  return {
    workOrder: b.work_order,
    project: b.project,
    engineer: b.engineer,
    searchWords: searchWordsOf({ workOrder: b.work_order, project: b.project, engineer: b.engineer }),
    reportSubmissionDate: b.report_submission_date,
    storageExpiryDate: b.storage_expiry_date,
    complete: b.complete,
    keepOrDump: b.keep_or_dump,
    island: b.island,
    year: b.year,
    createdAt: at,
    createdBy: by,
    updatedAt: at,
    updatedBy: by,
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
 * columns the page shows (not search_words), sent by SQLite as one JSON text (an array of value arrays: one
 * value to hand over instead of 14 per row), and each row turned into the page's row in one step, with the same
 * keys in the same order as withStatus(toCoreBox(record)). The list's most frequent read: drizzle's SQL
 * building and its row mapping (a Date per timestamp, then its ISO text) cost more than SQLite's reading.
 */
const pageRowsQuery = preparedPer((db: DbOrTx) => {
  const b = coreBoxes;
  const values = sql.join(
    [
      b.id,
      b.workOrder,
      b.project,
      b.engineer,
      b.reportSubmissionDate,
      b.storageExpiryDate,
      b.complete,
      b.keepOrDump,
      b.island,
      b.year,
      b.createdAt,
      b.createdBy,
      b.updatedAt,
      b.updatedBy,
    ],
    sql`, `,
  );
  return db
    .select({ page: sql<string>`json_group_array(json_array(${values}))` })
    .from(b)
    .where(sql`${b.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
    .prepare();
});

type PageValues = [
  number,
  string,
  string,
  string,
  string | null,
  string | null,
  CoreBox["complete"],
  CoreBox["keep_or_dump"],
  string | null,
  number | null,
  number,
  string,
  number,
  string,
];

/** The page's rows for these ids, in the order of `ids`; ids of boxes removed meanwhile are left out. */
export async function pageRowsByIds(db: DbOrTx, ids: number[], today: string): Promise<CoreBoxRow[]> {
  if (!ids.length) return [];
  // The one raw value, unmapped: the JSON text.
  const [result] = (await pageRowsQuery(db).values({
    ids: JSON.stringify(ids),
  })) as unknown as ArrayLike<string>[];
  const byId = new Map<number, CoreBoxRow>();
  for (const v of JSON.parse(result?.[0] ?? "[]") as PageValues[]) {
    byId.set(v[0], {
      id: v[0],
      work_order: v[1],
      project: v[2],
      engineer: v[3],
      report_submission_date: v[4],
      storage_expiry_date: v[5],
      complete: v[6],
      keep_or_dump: v[7],
      island: v[8],
      year: v[9],
      created_at: new Date(v[10]).toISOString(),
      created_by: v[11],
      updated_at: new Date(v[12]).toISOString(),
      updated_by: v[13],
      status: boxStatus(v[5], today),
    });
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
  // As one JSON array: one value handed over by SQLite instead of a row per year.
  const rows = await db.all<{ v: string }>(sql`
    WITH RECURSIVE y(v) AS (
      SELECT (SELECT max(year) FROM core_box_counts)
      UNION ALL
      SELECT (SELECT max(year) FROM core_box_counts WHERE year < y.v) FROM y WHERE y.v > 0
    ) SELECT json_group_array(v) AS v FROM y WHERE v > 0`);
  return (JSON.parse(rows[0]?.v ?? "[]") as unknown[]).map(Number);
}

/** Islands that have boxes, A to Z: the same hops on the summary's primary key, which starts with island. */
export async function listIslands(db: DbOrTx): Promise<string[]> {
  const rows = await db.all<{ v: string }>(sql`
    WITH RECURSIVE i(v) AS (
      SELECT (SELECT min(island) FROM core_box_counts WHERE island > '')
      UNION ALL
      SELECT (SELECT min(island) FROM core_box_counts WHERE island > i.v) FROM i WHERE i.v IS NOT NULL
    ) SELECT json_group_array(v) AS v FROM i WHERE v IS NOT NULL`);
  return JSON.parse(rows[0]?.v ?? "[]") as string[];
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
