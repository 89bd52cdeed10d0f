import { auditLog, changeRecords, coreBoxes } from "@server/db/schema";
import { eq } from "drizzle-orm";
import type { TestApp } from "./app";

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
