/**
 * The statements the core box service runs inside its transactions: each takes the transaction it is part of
 * (never opens one), so a service function's writes commit or fail together.
 */
import type { CoreBox } from "@shared/core-boxes";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { coreBoxes } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import { recordChange } from "../../lib/history";
import { type BoxRecord, findBoxByWorkOrder, toCoreBox } from "./queries";
import type { BoxValues } from "./rules";
import { searchWordsOf } from "./search-words";

/** 409 naming the box that already holds this work order. */
export function workOrderTaken(wo: string, holder: BoxRecord): AppError {
  const project = holder.project ? `, ${holder.project}` : "";
  return new AppError("CONFLICT", `Work Order ${wo} is already in storage (box #${holder.id}${project}).`);
}

/** A UNIQUE clash raced past our check (another process inserted the same work order first). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.message === "string" && e.message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}

/** 409 when another box holds `wo` (the box `exceptId` itself may). */
export async function assertWorkOrderFree(tx: DbOrTx, wo: string, exceptId?: number) {
  const holder = await findBoxByWorkOrder(tx, wo);
  if (holder && holder.id !== exceptId) throw workOrderTaken(wo, holder);
}

/** Write new values and the update record (before/after as the API shows them). */
export async function applyUpdate(
  tx: DbOrTx,
  current: BoxRecord,
  next: BoxValues,
  opts: { user: string; now: Date; batchId?: string },
): Promise<{ row: BoxRecord; changeId: number }> {
  const [updated] = await tx
    .update(coreBoxes)
    .set({ ...next, searchWords: searchWordsOf(next), updatedAt: opts.now, updatedBy: opts.user })
    .where(eq(coreBoxes.id, current.id))
    .returning();
  const changeId = await recordChange<CoreBox>(tx, {
    kind: "core_box",
    entityId: current.id,
    action: "update",
    workOrder: updated!.workOrder,
    user: opts.user,
    before: toCoreBox(current),
    after: toCoreBox(updated!),
    batchId: opts.batchId,
    now: opts.now,
  });
  return { row: updated!, changeId };
}

export const notDumpMessage = (box: BoxRecord) =>
  `Only boxes marked Dump can be removed. Box ${box.workOrder} is marked ${box.keepOrDump}.`;

export const restoreBlocked = (wo: string, id: number) =>
  new AppError(
    "CONFLICT",
    `Cannot restore: Work Order ${wo} is already in storage (box #${id}). Remove or rename that box first.`,
  );

/** Delete one box inside `tx`: the box leaves the table, its full copy goes to a delete record. */
export async function deleteWithRecord(
  tx: DbOrTx,
  box: BoxRecord,
  opts: { user: string; now: Date; batchId?: string },
) {
  await tx.delete(coreBoxes).where(eq(coreBoxes.id, box.id));
  const changeId = await recordChange<CoreBox>(tx, {
    kind: "core_box",
    entityId: box.id,
    action: "delete",
    workOrder: box.workOrder,
    user: opts.user,
    before: toCoreBox(box),
    after: null,
    batchId: opts.batchId,
    now: opts.now,
  });
  await recordAudit(
    tx,
    {
      actor: opts.user,
      action: "core_box.delete",
      target: box.workOrder,
      details: { id: box.id, change_id: changeId },
    },
    opts.now,
  );
  return changeId;
}
