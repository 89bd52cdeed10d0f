/**
 * The reads behind one work order's page. Every record table keeps its work order in an index, so each read
 * is one range on the base number ("4321-07" up to "4321-07~": the base, its letters in either spelling, and
 * three-digit numbers that merely start alike, which `belongsTo` then drops). The ranges are bounded: a work
 * order has a handful of records, and RECORDS_MAX keeps a freak one from costing more.
 */
import type { BinderRow } from "@shared/reports-binder";
import {
  belongsTo,
  type WorkOrderChange,
  type WorkOrderProject,
  type WorkOrderRecordKind,
  type WorkOrderRef,
  type WorkOrderReport,
} from "@shared/work-orders";
import { and, asc, type Column, desc, eq, gte, inArray, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { changeRecords, coreBoxes, docDocuments, projects, reportsBinder } from "../../db/schema";
import type { BoxRecord } from "../core-boxes/queries";
import { reportColumns, reportsCollectionId, toReportFile } from "../reports/collection";
import { toBinderRow } from "../reports-binder/queries";

/** Most records of one kind a page reads. */
const RECORDS_MAX = 500;

/** The base number's range on a work-order column ("~" sorts after every character a work order holds). */
const baseRange = (column: Column, ref: WorkOrderRef) =>
  and(gte(column, ref.base), lt(column, `${ref.base}~`));

/** The register's line: the exact work order, else the base number's; a base without a line takes its first letter's. */
export async function registerLine(db: Db, ref: WorkOrderRef): Promise<WorkOrderProject | null> {
  const rows = await db
    .select()
    .from(projects)
    .where(and(gte(projects.woKey, ref.base), lt(projects.woKey, `${ref.base}(~`)))
    .orderBy(asc(projects.woKey))
    .limit(30);
  const own = ref.suffix ? `${ref.base}(${ref.suffix})` : ref.base;
  const row =
    rows.find((r) => r.woKey === own) ??
    rows.find((r) => r.woKey === ref.base) ??
    (ref.suffix ? undefined : rows.find((r) => r.woKey.startsWith(`${ref.base}(`)));
  if (!row) return null;
  return {
    work_order: row.workOrder,
    client: row.client,
    project: row.project,
    pr: row.pr,
    principal_engineer: row.principalEngineer,
    date: row.date,
    final_report_date: row.finalReportDate,
  };
}

/** The indexed reports of the work order, newest first. */
export async function workOrderReports(db: Db, ref: WorkOrderRef): Promise<WorkOrderReport[]> {
  const collection = await reportsCollectionId(db);
  if (!collection) return [];
  const d = docDocuments;
  const rows = await db
    .select(reportColumns)
    .from(d)
    .where(and(eq(d.collectionId, collection), eq(d.status, "indexed"), baseRange(d.workOrder, ref)))
    .orderBy(desc(d.uploadedAt), desc(d.id))
    .limit(RECORDS_MAX);
  return rows.filter((r) => belongsTo(r.workOrder ?? "", ref)).map((r) => toReportFile(r));
}

/** The binder's rows of the work order, oldest date first (as the binder sorts by date). */
export async function workOrderBinderRows(db: Db, ref: WorkOrderRef): Promise<BinderRow[]> {
  const rows = await db
    .select()
    .from(reportsBinder)
    .where(baseRange(reportsBinder.workOrder, ref))
    .orderBy(asc(reportsBinder.workOrder), asc(reportsBinder.date), asc(reportsBinder.id))
    .limit(RECORDS_MAX);
  return rows.filter((r) => belongsTo(r.workOrder, ref)).map(toBinderRow);
}

export async function workOrderBoxes(db: Db, ref: WorkOrderRef): Promise<BoxRecord[]> {
  const rows = await db
    .select()
    .from(coreBoxes)
    .where(baseRange(coreBoxes.workOrder, ref))
    .orderBy(asc(coreBoxes.workOrder))
    .limit(RECORDS_MAX);
  return rows.filter((r) => belongsTo(r.workOrder, ref));
}

const KIND: Record<string, WorkOrderRecordKind> = { reports_binder: "binder", core_box: "core_box" };

/**
 * Changes to the work order's binder rows and core boxes, newest first: those written under its number
 * (removed records included) and those of the records it holds now (written under an earlier number).
 */
export async function workOrderHistory(
  db: Db,
  ref: WorkOrderRef,
  held: { binder: number[]; boxes: number[] },
  limit: number,
): Promise<WorkOrderChange[]> {
  const c = changeRecords;
  const rows = await db
    .select()
    .from(c)
    .where(
      or(
        baseRange(c.workOrder, ref),
        held.binder.length ? and(eq(c.kind, "reports_binder"), inArray(c.entityId, held.binder)) : undefined,
        held.boxes.length ? and(eq(c.kind, "core_box"), inArray(c.entityId, held.boxes)) : undefined,
      ),
    )
    .orderBy(desc(c.id))
    .limit(RECORDS_MAX);
  const heldIds = { reports_binder: new Set(held.binder), core_box: new Set(held.boxes) };
  return rows
    .filter((r) => belongsTo(r.workOrder, ref) || heldIds[r.kind].has(r.entityId))
    .slice(0, limit)
    .map((r) => ({
      id: r.id,
      kind: KIND[r.kind]!,
      entity_id: r.entityId,
      action: r.action,
      work_order: r.workOrder,
      user: r.user,
      ts: r.ts.toISOString(),
      before: r.before ?? null,
      after: r.after ?? null,
    }));
}
