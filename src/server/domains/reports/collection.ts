import { REPORTS_DB, type ReportFile } from "@shared/reports";
import { and, gte, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { docDocuments } from "../../db/schema";
import { createCollection, findCollection } from "../documents/service";

/*
 * The reports collection's row (`reports.db`, an internal document collection): read by the services, created
 * on first use by a bulk run or by the demo job (which runs with no user, as "seed").
 */

export const REPORTS_TITLE = "Reports";

/** The reports collection's id, or null before the first report is indexed. */
export async function reportsCollectionId(db: Db): Promise<number | null> {
  return (await findCollection(db, REPORTS_DB))?.id ?? null;
}

/** The reports collection, created on first use (a concurrent creator wins the unique name; then it is read). */
export async function ensureReportsCollection(db: Db, by: string): Promise<number> {
  const id = await reportsCollectionId(db);
  if (id) return id;
  try {
    const row = await db.transaction((tx) =>
      createCollection(tx, { name: REPORTS_DB, title: REPORTS_TITLE, mode: "default", user: by }),
    );
    return row.id;
  } catch (err) {
    const again = await reportsCollectionId(db);
    if (again) return again;
    throw err;
  }
}

/** A report's columns as the lists of reports read them (the Indexed Files list, a work order's page). */
export const reportColumns = {
  id: docDocuments.id,
  fileName: docDocuments.fileName,
  workOrder: docDocuments.workOrder,
  project: docDocuments.project,
  pages: docDocuments.pages,
  storageKey: docDocuments.storageKey,
  uploadedAt: docDocuments.uploadedAt,
};

interface ReportColumns {
  id: number;
  fileName: string;
  workOrder: string | null;
  project: string | null;
  pages: number;
  storageKey: string;
  uploadedAt: Date;
}

/** A report as the lists answer it; `chunks` only where the list counts them (Indexed Files). */
export function toReportFile(r: ReportColumns): Omit<ReportFile, "chunks">;
export function toReportFile(r: ReportColumns, chunks: number): ReportFile;
export function toReportFile(r: ReportColumns, chunks?: number) {
  return {
    file_id: r.id,
    file_name: r.fileName,
    work_order: r.workOrder ?? "",
    project: r.project ?? "",
    pages: r.pages,
    ...(chunks === undefined ? {} : { chunks }),
    indexed_at: r.uploadedAt.toISOString(),
    stored: r.storageKey !== "",
  };
}

/** Work orders are stored upper case; a prefix is a range on the (collection, work_order) index. */
export function workOrderRange(column: typeof docDocuments.workOrder, prefix: string | undefined) {
  if (!prefix) return undefined;
  const p = prefix.toUpperCase();
  // "~" sorts after every character a work order may hold (digits, "-", A–Z).
  return and(gte(column, p), lt(column, `${p}~`));
}
