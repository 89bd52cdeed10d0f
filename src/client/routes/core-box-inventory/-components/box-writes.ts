import {
  CORE_BOX_TOAST_MS,
  type CoreBox,
  type CoreBoxCreateInput,
  type CoreBoxPatch,
  CORE_BOX_MESSAGES as M,
} from "@shared/core-boxes";
import { toast } from "sonner";
import { plural, skippedLines } from "@/features/core-boxes/box-model";
import { errorMessage } from "@/lib/api";
import type { BoxMutations } from "./use-box-actions";

/**
 * Each write of the Core Inventory screen, with the spec's toasts (6 s, Undo after a removal) and error texts (the
 * server's message first, else the spec's). Every one refreshes the lists after it.
 */

const ms = { duration: CORE_BOX_TOAST_MS };
const undoAction = (onClick: () => void) => ({ ...ms, action: { label: "Undo", onClick } });

const fail = (err: unknown, fallback: string) => {
  const message = errorMessage(err, fallback);
  toast.error(message, ms);
  return message;
};
/** A refused add or save: said once, in the row being edited (where the person is looking), not in a toast too. */
const refused = (err: unknown, fallback: string) => errorMessage(err, fallback);

/**
 * Restore delete records; `after` runs on each restored box (Mark Dumped & Remove puts the disposition back).
 * One refusal (say its work order was taken meanwhile) does not stop the others.
 */
const undo =
  (w: BoxMutations, changeIds: number[], label: string, after?: (box: CoreBox) => Promise<void>) =>
  async () => {
    const failures: string[] = [];
    for (const change_id of changeIds) {
      try {
        const { box } = await w.restore.mutateAsync({ change_id });
        await after?.(box);
      } catch (err) {
        failures.push(errorMessage(err, M.undoFailed));
      }
    }
    if (failures.length === 0) toast.success(`Restored ${label}.`, ms);
    else if (failures.length === changeIds.length) toast.error(failures.join(" "), ms);
    else
      toast.warning(`Restored ${changeIds.length - failures.length} of ${changeIds.length}.`, {
        ...ms,
        description: failures.join(" "),
      });
    w.refresh();
  };

/** Add a box; the error text to show in the editor, or null when added. */
export async function addBox(w: BoxMutations, values: CoreBoxCreateInput): Promise<string | null> {
  try {
    const box = await w.create.mutateAsync(values);
    toast.success(`Added ${box.work_order}.`, ms);
    w.refresh();
    return null;
  } catch (err) {
    return refused(err, M.failedAdd);
  }
}

/** Save a box's changes (nothing to send: nothing done); the error text to show in the editor, or null. */
export async function saveBox(w: BoxMutations, box: CoreBox, patch: CoreBoxPatch): Promise<string | null> {
  if (Object.keys(patch).length === 0) return null;
  try {
    const saved = await w.update.mutateAsync({ id: box.id, ...patch });
    toast.success(`Saved ${saved.work_order}.`, ms);
    w.refresh();
    return null;
  } catch (err) {
    return refused(err, M.failedSave);
  }
}

export async function removeBox(w: BoxMutations, box: CoreBox) {
  try {
    const { change_id } = await w.remove.mutateAsync({ id: box.id });
    toast.success(`Removed ${box.work_order}.`, undoAction(undo(w, [change_id], box.work_order)));
  } catch (err) {
    fail(err, M.failedRemove);
  }
  w.refresh();
}

/** Set Dump and remove in one server action; Undo restores the box and puts its old disposition back. */
export async function dumpAndRemoveBox(w: BoxMutations, box: CoreBox) {
  const previous = box.keep_or_dump;
  try {
    const { change_id, dump_change_id } = await w.dumpRemove.mutateAsync({ id: box.id });
    const putBack = async (restored: CoreBox) => {
      if (dump_change_id === null || previous === "Dump") return;
      try {
        await w.update.mutateAsync({ id: restored.id, keep_or_dump: previous });
      } catch (err) {
        throw new Error(
          `${restored.work_order} is back, but its disposition stays Dump: ${errorMessage(err, M.failedSave)}`,
        );
      }
    };
    toast.success(
      previous === "Dump" ? `Removed ${box.work_order}.` : `Marked ${box.work_order} Dump and removed it.`,
      undoAction(undo(w, [change_id], box.work_order, putBack)),
    );
  } catch (err) {
    fail(err, M.dumpRemoveFailed);
  }
  w.refresh();
}

/** "Delete Selected": the server removes the Dump boxes and says which it skipped and why (its lines). */
export async function removeBoxes(w: BoxMutations, ids: number[]): Promise<string[] | null> {
  try {
    const { removed, skipped } = await w.removeMany.mutateAsync({ ids });
    const skippedText = skipped.length ? ` Skipped ${plural(skipped.length, "box", "boxes")}.` : "";
    const message = `Removed ${plural(removed.length, "box", "boxes")}.${skippedText}`;
    const lines = skippedLines(skipped);
    const opts = { description: lines.length ? lines.join(" ") : undefined };
    if (removed.length) {
      const label = removed.length === 1 ? removed[0]!.work_order : plural(removed.length, "box", "boxes");
      const restoreAll = undo(
        w,
        removed.map((r) => r.change_id),
        label,
      );
      toast.success(message, { ...undoAction(restoreAll), ...opts });
    } else toast.warning(message, { ...ms, ...opts });
    w.refresh();
    return lines;
  } catch (err) {
    fail(err, M.bulkDeleteFailed);
    w.refresh();
    return null;
  }
}

/** Restore from the history drawer; a Mark Dumped & Remove can have its old disposition put back. */
export async function restoreBoxChange(
  w: BoxMutations,
  changeId: number,
  workOrder: string,
  dispositionBefore: string | null,
) {
  try {
    const { box } = await w.restore.mutateAsync({ change_id: changeId });
    const setBack =
      dispositionBefore && box.keep_or_dump !== dispositionBefore
        ? {
            label: `Set back to ${dispositionBefore}`,
            onClick: () =>
              void w.update
                .mutateAsync({ id: box.id, keep_or_dump: dispositionBefore as CoreBox["keep_or_dump"] })
                .then(() => toast.success(`${box.work_order} is marked ${dispositionBefore} again.`, ms))
                .catch((err) => fail(err, M.failedSave))
                .finally(w.refresh),
          }
        : undefined;
    toast.success(`Restored ${workOrder}.`, { ...ms, action: setBack });
  } catch (err) {
    fail(err, M.undoFailed);
  }
  w.refresh();
}
