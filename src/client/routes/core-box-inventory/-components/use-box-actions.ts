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
import { trpc } from "@/lib/trpc";

const ms = { duration: CORE_BOX_TOAST_MS };
const undoAction = (onClick: () => void) => ({ ...ms, action: { label: "Undo", onClick } });

/**
 * Every write of the screen with the spec's toasts (6 s, Undo after a removal) and error texts (the server's
 * message first, else the spec's). add/save answer the error text (null when saved) so the inline editor can
 * keep the typed values and say what is wrong.
 */
export function useBoxActions() {
  const utils = trpc.useUtils();
  const refresh = () => void utils.coreBoxes.invalidate();
  const create = trpc.coreBoxes.create.useMutation();
  const update = trpc.coreBoxes.update.useMutation();
  const remove = trpc.coreBoxes.remove.useMutation();
  const removeMany = trpc.coreBoxes.removeMany.useMutation();
  const dumpRemove = trpc.coreBoxes.dumpAndRemove.useMutation();
  const restore = trpc.coreBoxes.restore.useMutation();

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
  const undo = (changeIds: number[], label: string, after?: (box: CoreBox) => Promise<void>) => async () => {
    const failures: string[] = [];
    for (const change_id of changeIds) {
      try {
        const { box } = await restore.mutateAsync({ change_id });
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
    refresh();
  };

  return {
    busy:
      create.isPending ||
      update.isPending ||
      remove.isPending ||
      removeMany.isPending ||
      dumpRemove.isPending ||
      restore.isPending,

    async add(values: CoreBoxCreateInput): Promise<string | null> {
      try {
        const box = await create.mutateAsync(values);
        toast.success(`Added ${box.work_order}.`, ms);
        refresh();
        return null;
      } catch (err) {
        return refused(err, M.failedAdd);
      }
    },

    async save(box: CoreBox, patch: CoreBoxPatch): Promise<string | null> {
      if (Object.keys(patch).length === 0) return null;
      try {
        const saved = await update.mutateAsync({ id: box.id, ...patch });
        toast.success(`Saved ${saved.work_order}.`, ms);
        refresh();
        return null;
      } catch (err) {
        return refused(err, M.failedSave);
      }
    },

    async removeOne(box: CoreBox) {
      try {
        const { change_id } = await remove.mutateAsync({ id: box.id });
        toast.success(`Removed ${box.work_order}.`, undoAction(undo([change_id], box.work_order)));
      } catch (err) {
        fail(err, M.failedRemove);
      }
      refresh();
    },

    /** Set Dump and remove in one server action; Undo restores the box and puts its old disposition back. */
    async dumpAndRemove(box: CoreBox) {
      const previous = box.keep_or_dump;
      try {
        const { change_id, dump_change_id } = await dumpRemove.mutateAsync({ id: box.id });
        const putBack = async (restored: CoreBox) => {
          if (dump_change_id === null || previous === "Dump") return;
          try {
            await update.mutateAsync({ id: restored.id, keep_or_dump: previous });
          } catch (err) {
            throw new Error(
              `${restored.work_order} is back, but its disposition stays Dump: ${errorMessage(err, M.failedSave)}`,
            );
          }
        };
        toast.success(
          previous === "Dump"
            ? `Removed ${box.work_order}.`
            : `Marked ${box.work_order} Dump and removed it.`,
          undoAction(undo([change_id], box.work_order, putBack)),
        );
      } catch (err) {
        fail(err, M.dumpRemoveFailed);
      }
      refresh();
    },

    /** "Delete Selected": the server removes the Dump boxes and says which it skipped and why. */
    async removeSelected(ids: number[]): Promise<string[] | null> {
      try {
        const { removed, skipped } = await removeMany.mutateAsync({ ids });
        const skippedText = skipped.length ? ` Skipped ${plural(skipped.length, "box", "boxes")}.` : "";
        const message = `Removed ${plural(removed.length, "box", "boxes")}.${skippedText}`;
        const lines = skippedLines(skipped);
        const opts = { description: lines.length ? lines.join(" ") : undefined };
        if (removed.length) {
          const label =
            removed.length === 1 ? removed[0]!.work_order : plural(removed.length, "box", "boxes");
          const restoreAll = undo(
            removed.map((r) => r.change_id),
            label,
          );
          toast.success(message, { ...undoAction(restoreAll), ...opts });
        } else toast.warning(message, { ...ms, ...opts });
        refresh();
        return lines;
      } catch (err) {
        fail(err, M.bulkDeleteFailed);
        refresh();
        return null;
      }
    },

    /** Restore from the history drawer; a Mark Dumped & Remove can have its old disposition put back. */
    async restoreChange(changeId: number, workOrder: string, dispositionBefore: string | null) {
      try {
        const { box } = await restore.mutateAsync({ change_id: changeId });
        const setBack =
          dispositionBefore && box.keep_or_dump !== dispositionBefore
            ? {
                label: `Set back to ${dispositionBefore}`,
                onClick: () =>
                  void update
                    .mutateAsync({ id: box.id, keep_or_dump: dispositionBefore as CoreBox["keep_or_dump"] })
                    .then(() => toast.success(`${box.work_order} is marked ${dispositionBefore} again.`, ms))
                    .catch((err) => fail(err, M.failedSave))
                    .finally(refresh),
              }
            : undefined;
        toast.success(`Restored ${workOrder}.`, { ...ms, action: setBack });
      } catch (err) {
        fail(err, M.undoFailed);
      }
      refresh();
    },
  };
}
