import { belongsTo, type WorkOrderRef, type WorkOrderReport } from "@shared/work-orders";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { docDocuments } from "../../db/schema";
import { baseRange, RECORDS_MAX } from "../../lib/work-order-reads";
import { reportColumns, reportsCollectionId, toReportFile } from "./collection";

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
