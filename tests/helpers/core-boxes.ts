import { auditLog, changeRecords, coreBoxes } from "@server/db/schema";
import { searchWordsOf } from "@server/domains/core-boxes/search-words";
import type { CoreBox } from "@shared/core-boxes";
import { eq } from "drizzle-orm";
import type { TestApp } from "./app";

export type NewBox = typeof coreBoxes.$inferInsert;

/** A box as the API shows it, as its table row (search words included), written by "test". */
export const boxRecord = (
  b: Omit<CoreBox, "id" | "created_at" | "created_by" | "updated_at" | "updated_by">,
  at?: Date,
): NewBox => ({
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
  createdBy: "test",
  updatedBy: "test",
  ...(at ? { createdAt: at, updatedAt: at } : {}),
});

/** Many boxes at once: multi-row INSERTs in one transaction (the triggers keep the summary and search right). */
export async function insertBoxes(t: TestApp, rows: NewBox[]) {
  await t.deps.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(coreBoxes).values(rows.slice(i, i + 500));
  });
}

/** Start from an empty inventory (the demo seed put a few hundred boxes in); triggers keep the summaries right. */
export async function clearBoxes(t: TestApp) {
  await t.deps.db.delete(coreBoxes);
  await t.deps.db.delete(changeRecords);
}

export async function auditActions(t: TestApp, action: string) {
  return t.deps.db.select().from(auditLog).where(eq(auditLog.action, action));
}

export async function historyOf(t: TestApp, id: number) {
  return t.deps.db
    .select()
    .from(changeRecords)
    .where(eq(changeRecords.entityId, id))
    .orderBy(changeRecords.id);
}

let n = 0;
/** A work order no other test uses. */
export const uniqueWo = (prefix = "T") => `${prefix}${String(++n).padStart(4, "0")}-${Date.now() % 100}`;
