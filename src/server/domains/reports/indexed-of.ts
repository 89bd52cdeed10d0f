import type { IndexedReportRef, WithReport } from "@shared/reports";
import { parseWorkOrder } from "@shared/work-orders";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { docDocuments } from "../../db/schema";
import { reportsCollectionId } from "./collection";

/** The spellings a report's work order may be stored in: as given, and its letter attached or in parentheses. */
function spellings(workOrder: string): string[] {
  const ref = parseWorkOrder(workOrder);
  if (!ref) return [workOrder.toUpperCase()];
  const lettered = ref.suffix ? [`${ref.base}${ref.suffix}`, `${ref.base}(${ref.suffix})`] : [ref.base];
  return [workOrder.toUpperCase(), ...lettered];
}

const keyOf = (workOrder: string) => parseWorkOrder(workOrder)?.work_order ?? workOrder.toUpperCase();

/**
 * A page's rows, each with the newest indexed report of its own work order (the same number and letter), in ONE
 * query for the whole page on the (collection, work order) index, never one per row.
 */
export async function withIndexedReports<T extends { work_order: string }>(
  db: Db,
  rows: T[],
): Promise<WithReport<T>[]> {
  const found = new Map<string, IndexedReportRef>();
  const collection = rows.length ? await reportsCollectionId(db) : null;
  if (collection) {
    const wanted = [...new Set(rows.flatMap((r) => spellings(r.work_order)))];
    const d = docDocuments;
    const reports = await db
      .select({ id: d.id, fileName: d.fileName, workOrder: d.workOrder, storageKey: d.storageKey })
      .from(d)
      .where(and(eq(d.collectionId, collection), inArray(d.workOrder, wanted), eq(d.status, "indexed")))
      .orderBy(desc(d.uploadedAt), desc(d.id));
    // Newest first: the first report of each work order is the one kept.
    for (const r of reports) {
      const key = keyOf(r.workOrder ?? "");
      if (!found.has(key))
        found.set(key, { file_id: r.id, file_name: r.fileName, stored: r.storageKey !== "" });
    }
  }
  return rows.map((r) => ({ ...r, report: found.get(keyOf(r.work_order)) ?? null }));
}
