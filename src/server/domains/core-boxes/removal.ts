/** Removing boxes (only Dump ones), the atomic "Mark Dumped & Remove", and restoring from a delete record. */
import { CORE_BOX_MESSAGES, type CoreBox, type CoreBoxRow } from "@shared/core-boxes";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { coreBoxes } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError, conflict, notFound } from "../../lib/errors";
import { claimRestore, linkRestore, recordChange } from "../../lib/history";
import type { ServiceCtx } from "../../lib/service-ctx";
import { type BoxRecord, findBox, findBoxByWorkOrder, toCoreBox } from "./queries";
import { searchWordsOf } from "./search-words";
import { applyUpdate, isUniqueViolation, rowOf } from "./service";

export const notDumpMessage = (box: BoxRecord) =>
  `Only boxes marked Dump can be removed. Box ${box.workOrder} is marked ${box.keepOrDump}.`;

/** Delete one box inside `tx`: the box leaves the table, its full copy goes to a delete record. */
async function deleteWithRecord(
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

export async function removeBox(ctx: ServiceCtx, { id }: { id: number }): Promise<{ change_id: number }> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const box = await findBox(tx, id);
    if (!box) throw notFound(CORE_BOX_MESSAGES.notFound);
    if (box.keepOrDump !== "Dump") throw conflict(notDumpMessage(box));
    return { change_id: await deleteWithRecord(tx, box, { user: ctx.user.email, now }) };
  });
}

export interface BulkRemoveResult {
  removed: { id: number; work_order: string; change_id: number }[];
  skipped: { id: number; work_order: string | null; reason: string }[];
}

/** "Delete Selected": removes the Dump boxes among `ids` in one transaction and says which were skipped. */
export async function removeBoxes(ctx: ServiceCtx, { ids }: { ids: number[] }): Promise<BulkRemoveResult> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const result: BulkRemoveResult = { removed: [], skipped: [] };
    for (const id of [...new Set(ids)]) {
      const box = await findBox(tx, id);
      if (!box) result.skipped.push({ id, work_order: null, reason: CORE_BOX_MESSAGES.notFound });
      else if (box.keepOrDump !== "Dump")
        result.skipped.push({ id, work_order: box.workOrder, reason: notDumpMessage(box) });
      else {
        const changeId = await deleteWithRecord(tx, box, { user: ctx.user.email, now });
        result.removed.push({ id, work_order: box.workOrder, change_id: changeId });
      }
    }
    return result;
  });
}

/** "Mark Dumped & Remove": set Dump and remove in one transaction; two change records sharing a batch id. */
export async function dumpAndRemove(
  ctx: ServiceCtx,
  { id }: { id: number },
): Promise<{ change_id: number; dump_change_id: number | null }> {
  const now = ctx.now();
  const user = ctx.user.email;
  const batchId = crypto.randomUUID();
  return ctx.db.transaction(async (tx) => {
    let box = await findBox(tx, id);
    if (!box) throw notFound(CORE_BOX_MESSAGES.notFound);
    let dumpChangeId: number | null = null;
    if (box.keepOrDump !== "Dump") {
      const dumped = await applyUpdate(tx, box, { ...box, keepOrDump: "Dump" }, { user, now, batchId });
      box = dumped.row;
      dumpChangeId = dumped.changeId;
    }
    const changeId = await deleteWithRecord(tx, box, { user, now, batchId });
    return { change_id: changeId, dump_change_id: dumpChangeId };
  });
}

/**
 * Re-create a box from a delete record, exactly once. The box comes back as it was when removed, under its old
 * id; a live box with the same work order blocks it (409) and leaves the record restorable.
 */
export async function restoreBox(
  ctx: ServiceCtx,
  { change_id: changeId }: { change_id: number },
): Promise<{ box: CoreBoxRow; change_id: number }> {
  const now = ctx.now();
  const user = ctx.user.email;
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const change = await claimRestore<CoreBox>(tx, { kind: "core_box", changeId, user, now });
      const copy = change.before!;
      const holder = await findBoxByWorkOrder(tx, copy.work_order);
      if (holder) throw restoreBlocked(copy.work_order, holder.id);
      const idFree = !(await findBox(tx, change.entity_id));
      const [box] = await tx
        .insert(coreBoxes)
        .values({
          ...(idFree ? { id: change.entity_id } : {}),
          workOrder: copy.work_order,
          project: copy.project,
          engineer: copy.engineer,
          searchWords: searchWordsOf({
            workOrder: copy.work_order,
            project: copy.project,
            engineer: copy.engineer,
          }),
          reportSubmissionDate: copy.report_submission_date,
          storageExpiryDate: copy.storage_expiry_date,
          complete: copy.complete,
          keepOrDump: copy.keep_or_dump,
          island: copy.island,
          year: copy.year,
          createdAt: new Date(copy.created_at),
          createdBy: copy.created_by,
          updatedAt: now,
          updatedBy: user,
        })
        .returning();
      const restoreId = await recordChange<CoreBox>(tx, {
        kind: "core_box",
        entityId: box!.id,
        action: "restore",
        workOrder: box!.workOrder,
        user,
        before: null,
        after: toCoreBox(box!),
        now,
      });
      await linkRestore(tx, change.id, restoreId);
      await recordAudit(
        tx,
        {
          actor: user,
          action: "core_box.restore",
          target: box!.workOrder,
          details: { id: box!.id, change_id: change.id },
        },
        now,
      );
      return { box: rowOf(ctx, box!), change_id: restoreId };
    });
    return result;
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError("CONFLICT", "Another box with this Work Order was added meanwhile.");
    throw err;
  }
}

const restoreBlocked = (wo: string, id: number) =>
  new AppError(
    "CONFLICT",
    `Cannot restore: Work Order ${wo} is already in storage (box #${id}). Remove or rename that box first.`,
  );
