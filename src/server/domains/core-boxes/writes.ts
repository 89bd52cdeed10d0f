/**
 * The statements the core box service runs inside its transactions: each takes the transaction it is part of
 * (never opens one), so a service function's writes commit or fail together.
 */
import type { CoreBox } from "@shared/core-boxes";
import type { AuditAction } from "@shared/users";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { type ChangeAction, coreBoxes } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import { type ChangeInput, recordChange } from "../../lib/history";
import { type BoxRecord, findBoxByWorkOrder, toCoreBox } from "./queries";
import type { BoxValues } from "./rules";
import { searchWordsOf } from "./search-words";

/** A UNIQUE clash raced past our check (another process inserted the same work order first). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.message === "string" && e.message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}

/** 409 naming the box that holds `wo`, when one does (the box `exceptId` itself may). */
export async function assertWorkOrderFree(tx: DbOrTx, wo: string, exceptId?: number) {
  const holder = await findBoxByWorkOrder(tx, wo);
  if (!holder || holder.id === exceptId) return;
  const project = holder.project ? `, ${holder.project}` : "";
  throw new AppError("CONFLICT", `Work Order ${wo} is already in storage (box #${holder.id}${project}).`);
}

/** Who writes, and when: every row and record of one service call carries the same. */
export interface Writer {
  user: string;
  now: Date;
  batchId?: string;
}

/** A new box's row: the values, their search words, created and last changed by the writer. */
export const newRecord = (values: BoxValues, w: Writer) => ({
  ...values,
  searchWords: searchWordsOf(values),
  createdAt: w.now,
  createdBy: w.user,
  updatedAt: w.now,
  updatedBy: w.user,
});

/** One box's change record, before and after as the API shows them. */
export function boxChange(
  action: ChangeAction,
  before: BoxRecord | null,
  after: BoxRecord | null,
  w: Writer,
): ChangeInput<CoreBox> {
  const box = (after ?? before)!;
  return {
    kind: "core_box",
    entityId: box.id,
    action,
    workOrder: box.workOrder,
    user: w.user,
    before: before && toCoreBox(before),
    after: after && toCoreBox(after),
    batchId: w.batchId,
    now: w.now,
  };
}

/** The audit line of a removal or a restore, naming the change record. */
export const auditBox = (tx: DbOrTx, action: AuditAction, box: BoxRecord, changeId: number, w: Writer) =>
  recordAudit(
    tx,
    { actor: w.user, action, target: box.workOrder, details: { id: box.id, change_id: changeId } },
    w.now,
  );

/** Write new values and the update record. */
export async function applyUpdate(tx: DbOrTx, current: BoxRecord, next: BoxValues, w: Writer) {
  const [updated] = await tx
    .update(coreBoxes)
    .set({ ...next, searchWords: searchWordsOf(next), updatedAt: w.now, updatedBy: w.user })
    .where(eq(coreBoxes.id, current.id))
    .returning();
  return { row: updated!, changeId: await recordChange(tx, boxChange("update", current, updated!, w)) };
}

export const notDumpMessage = (box: BoxRecord) =>
  `Only boxes marked Dump can be removed. Box ${box.workOrder} is marked ${box.keepOrDump}.`;

export const restoreBlocked = (wo: string, id: number) =>
  new AppError(
    "CONFLICT",
    `Cannot restore: Work Order ${wo} is already in storage (box #${id}). Remove or rename that box first.`,
  );

/**
 * Delete one box inside `tx`: the box leaves the table, its full copy goes to a delete record. The audit line
 * names the action a person took (a plain removal, or "Mark Dumped & Remove").
 */
export async function deleteWithRecord(
  tx: DbOrTx,
  box: BoxRecord,
  w: Writer,
  action: "core_box.delete" | "core_box.dump_remove" = "core_box.delete",
) {
  await tx.delete(coreBoxes).where(eq(coreBoxes.id, box.id));
  const changeId = await recordChange(tx, boxChange("delete", box, null, w));
  await auditBox(tx, action, box, changeId, w);
  return changeId;
}
