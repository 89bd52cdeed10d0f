/** Read side of core boxes: the list, the Year and Island choices, one box, the change history. */

import type { Page } from "@shared/common";
import {
  boxStatus,
  type CoreBox,
  type CoreBoxFilters,
  type CoreBoxListInput,
  type CoreBoxRow,
  todayIso,
} from "@shared/core-boxes";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { coreBoxes } from "../../db/schema";
import { type ChangeView, listChanges } from "../../lib/history";
import { countMatching, fetchPage, type RawBoxRow, searchExpiredPage } from "./list-plan";
import { type EqFilters, type Filters, ISLANDS_CTE, searchWords } from "./list-sql";

export function toFilters(input: CoreBoxFilters, now: Date): Filters | null {
  const terms = searchWords(input.q);
  // Text with nothing searchable in it (only punctuation) matches no box.
  if (input.q && terms.length === 0) return null;
  const eqf: EqFilters = {};
  if (input.island) eqf.island = input.island;
  if (input.year !== undefined) eqf.year = input.year;
  if (input.complete) eqf.complete = input.complete;
  if (input.keep_or_dump) eqf.keep_or_dump = input.keep_or_dump;
  return { terms, eq: eqf, expired: input.expired === true, today: todayIso(now) };
}

export async function listCoreBoxes(
  db: DbOrTx,
  input: CoreBoxListInput,
  now = new Date(),
): Promise<Page<CoreBoxRow>> {
  const filters = toFilters(input, now);
  if (!filters) return { rows: [], total: 0 };
  const offset = (input.page - 1) * input.page_size;
  const page = { sort: input.sort_by, dir: input.sort_dir, offset, limit: input.page_size };
  const toRows = (raw: RawBoxRow[]) => raw.map((r) => withStatus(fromRaw(r), filters.today));
  const onePass = await searchExpiredPage(db, filters, page);
  if (onePass && "rows" in onePass) return { rows: toRows(onePass.rows), total: onePass.total };
  const counted = await countMatching(db, filters, { hits: onePass?.hits });
  const raw = await fetchPage(db, filters, page, counted, { leadShare: onePass?.leadShare });
  return { rows: toRows(raw), total: counted.total };
}

export function withStatus(box: CoreBox, today: string): CoreBoxRow {
  return { ...box, status: boxStatus(box.storage_expiry_date, today) };
}

const iso = (v: unknown) => new Date(Number(v)).toISOString();

export function fromRaw(r: RawBoxRow): CoreBox {
  return {
    id: Number(r.id),
    work_order: String(r.work_order),
    project: String(r.project ?? ""),
    engineer: String(r.engineer ?? ""),
    report_submission_date: (r.report_submission_date as string | null) ?? null,
    storage_expiry_date: (r.storage_expiry_date as string | null) ?? null,
    complete: r.complete as CoreBox["complete"],
    keep_or_dump: r.keep_or_dump as CoreBox["keep_or_dump"],
    island: (r.island as string | null) ?? null,
    year: r.year === null || r.year === undefined ? null : Number(r.year),
    created_at: iso(r.created_at),
    created_by: String(r.created_by),
    updated_at: iso(r.updated_at),
    updated_by: String(r.updated_by),
  };
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

/** Islands that have boxes, A to Z (the same hops on the summary, by island: ISLANDS_CTE). */
export async function listIslands(db: DbOrTx): Promise<string[]> {
  const rows = await db.all<{ v: string }>(
    sql`WITH RECURSIVE ${ISLANDS_CTE} SELECT v FROM i WHERE v IS NOT NULL`,
  );
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
