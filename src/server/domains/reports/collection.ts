import { REPORTS_DB } from "@shared/reports";
import { and, gte, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { docDocuments } from "../../db/schema";
import { createCollection, findCollection } from "../documents/pipeline/store-rows";

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

/** Work orders are stored upper case; a prefix is a range on the (collection, work_order) index. */
export function workOrderRange(column: typeof docDocuments.workOrder, prefix: string | undefined) {
  if (!prefix) return undefined;
  const p = prefix.toUpperCase();
  // "~" sorts after every character a work order may hold (digits, "-", A–Z).
  return and(gte(column, p), lt(column, `${p}~`));
}
