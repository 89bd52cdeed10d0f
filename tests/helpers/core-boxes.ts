import { auditLog, changeRecords, coreBoxes } from "@server/db/schema";
import { type BoxFields, toBoxRecord } from "@server/domains/core-boxes/queries";
import { eq } from "drizzle-orm";
import type { TestApp } from "./app";

export type NewBox = typeof coreBoxes.$inferInsert;

/** A box as its table row, written by "test" (now, or at `at`). */
export const boxRecord = (b: BoxFields, at = new Date()): NewBox => toBoxRecord(b, "test", at);

/** Boxes the demo generator does not make: accents, punctuation, no dates, no island. */
export function edgeBoxes(like: [BoxFields, BoxFields]): BoxFields[] {
  return [
    { ...like[0], work_order: "EDGE-1A", project: "Kīhei Pump Station", engineer: "ÉT", island: null },
    {
      ...like[1],
      work_order: "EDGE-2",
      project: 'O\'Neil "Quoted", Inc.',
      report_submission_date: null,
      storage_expiry_date: null,
      year: null,
    },
  ];
}

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
/**
 * A work order no other test uses, shaped like one (every door refuses anything else): four digits from a
 * counter, three from the clock.
 */
export const uniqueWo = () => `${String(1000 + (++n % 9000))}-${String(Date.now() % 1000).padStart(3, "0")}`;
