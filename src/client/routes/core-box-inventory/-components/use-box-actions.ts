import type { CoreBox, CoreBoxCreateInput, CoreBoxPatch } from "@shared/core-boxes";
import { trpc } from "@/lib/trpc";
import { addBox, dumpAndRemoveBox, removeBox, removeBoxes, restoreBoxChange, saveBox } from "./box-writes";

/**
 * Every write of the screen with the spec's toasts (6 s, Undo after a removal) and error texts (the server's
 * message first, else the spec's). add/save answer the error text (null when saved) so the inline editor can
 * keep the typed values and say what is wrong. The writes themselves are in box-writes.ts.
 */
export function useBoxActions() {
  const w = useBoxMutations();
  return {
    busy:
      w.create.isPending ||
      w.update.isPending ||
      w.remove.isPending ||
      w.removeMany.isPending ||
      w.dumpRemove.isPending ||
      w.restore.isPending,
    add: (values: CoreBoxCreateInput) => addBox(w, values),
    save: (box: CoreBox, patch: CoreBoxPatch) => saveBox(w, box, patch),
    removeOne: (box: CoreBox) => removeBox(w, box),
    dumpAndRemove: (box: CoreBox) => dumpAndRemoveBox(w, box),
    removeSelected: (ids: number[]) => removeBoxes(w, ids),
    restoreChange: (changeId: number, workOrder: string, dispositionBefore: string | null) =>
      restoreBoxChange(w, changeId, workOrder, dispositionBefore),
  };
}

/** The screen's mutations, and refreshing the lists after a write. */
function useBoxMutations() {
  const utils = trpc.useUtils();
  return {
    refresh: () => void utils.coreBoxes.invalidate(),
    create: trpc.coreBoxes.create.useMutation(),
    update: trpc.coreBoxes.update.useMutation(),
    remove: trpc.coreBoxes.remove.useMutation(),
    removeMany: trpc.coreBoxes.removeMany.useMutation(),
    dumpRemove: trpc.coreBoxes.dumpAndRemove.useMutation(),
    restore: trpc.coreBoxes.restore.useMutation(),
  };
}

export type BoxMutations = ReturnType<typeof useBoxMutations>;
