import type { CoreBoxRow } from "@shared/core-boxes";
import { belongsTo, type WorkOrderRef } from "@shared/work-orders";
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coreBoxes } from "../../db/schema";
import { baseRange, RECORDS_MAX } from "../../lib/work-order-reads";
import { toCoreBox, withStatus } from "./queries";

/** The boxes of a work order, with their status as of `today`. */
export async function workOrderBoxes(db: Db, ref: WorkOrderRef, today: string): Promise<CoreBoxRow[]> {
  const rows = await db
    .select()
    .from(coreBoxes)
    .where(baseRange(coreBoxes.workOrder, ref))
    .orderBy(asc(coreBoxes.workOrder))
    .limit(RECORDS_MAX);
  return rows.filter((r) => belongsTo(r.workOrder, ref)).map((r) => withStatus(toCoreBox(r), today));
}
