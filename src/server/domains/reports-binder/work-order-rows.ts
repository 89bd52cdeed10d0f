import type { BinderRow } from "@shared/reports-binder";
import { belongsTo, type WorkOrderRef } from "@shared/work-orders";
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reportsBinder } from "../../db/schema";
import { baseRange, RECORDS_MAX } from "../../lib/work-order-reads";
import { toBinderRow } from "./queries";

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
