/**
 * What every domain's "records of one work order" read shares. Every record table keeps its work order in an
 * index, so each read is one range on the base number ("4321-07" up to "4321-07~": the base, its letters in
 * either spelling, and three-digit numbers that merely start alike, which `belongsTo` then drops). The ranges
 * are bounded: a work order has a handful of records, and RECORDS_MAX keeps a freak one from costing more.
 */
import {
  belongsTo,
  type WorkOrderChange,
  type WorkOrderRecordKind,
  type WorkOrderRef,
} from "@shared/work-orders";
import { and, type Column, desc, eq, gte, inArray, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { changeRecords } from "../db/schema";

/** Most records of one kind a work order's page reads. */
export const RECORDS_MAX = 500;

/** The base number's range on a work-order column ("~" sorts after every character a work order holds). */
export const baseRange = (column: Column, ref: WorkOrderRef) =>
  and(gte(column, ref.base), lt(column, `${ref.base}~`));

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
