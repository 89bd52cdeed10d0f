import {
  BINDER_MESSAGES,
  BINDER_TOAST_MS,
  type BinderCreate,
  type BinderUpdate,
} from "@shared/reports-binder";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";

/** Binder writes with the spec's toasts (5 s) and Undo for removals. */
export function useBinderActions() {
  const utils = trpc.useUtils();
  const refresh = () => utils.reportsBinder.invalidate();
  const restore = trpc.reportsBinder.restore.useMutation();
  const undo = (changeIds: number[]) => async () => {
    try {
      for (const change_id of changeIds) await restore.mutateAsync({ change_id });
      toast.success(changeIds.length > 1 ? `${changeIds.length} rows restored.` : "Row restored.", {
        duration: BINDER_TOAST_MS,
      });
    } catch (err) {
      toast.error(errorMessage(err, BINDER_MESSAGES.undo), { duration: BINDER_TOAST_MS });
    }
    void refresh();
  };

  const create = trpc.reportsBinder.create.useMutation();
  const update = trpc.reportsBinder.update.useMutation();
  const remove = trpc.reportsBinder.remove.useMutation();
  const bulk = trpc.reportsBinder.bulkRemove.useMutation();

  return {
    busy: create.isPending || update.isPending || remove.isPending || bulk.isPending,
    /** The row as saved, or null when it was refused (the toast says why). */
    async add(values: BinderCreate) {
      try {
        const row = await create.mutateAsync(values);
        toast.success(`Added ${row.work_order}.`, { duration: BINDER_TOAST_MS });
        await refresh();
        return row;
      } catch (err) {
        toast.error(errorMessage(err, BINDER_MESSAGES.add), { duration: BINDER_TOAST_MS });
        return null;
      }
    },
    async save(id: number, values: BinderUpdate) {
      try {
        await update.mutateAsync({ id, values });
        toast.success("Changes saved.", { duration: BINDER_TOAST_MS });
        void refresh();
        return true;
      } catch (err) {
        toast.error(errorMessage(err, BINDER_MESSAGES.save), { duration: BINDER_TOAST_MS });
        return false;
      }
    },
    async removeOne(id: number, label: string) {
      try {
        const { change_id } = await remove.mutateAsync({ id });
        toast.success(`Removed ${label}.`, {
          duration: BINDER_TOAST_MS,
          action: { label: "Undo", onClick: undo([change_id]) },
        });
      } catch (err) {
        toast.error(errorMessage(err, BINDER_MESSAGES.remove), { duration: BINDER_TOAST_MS });
      }
      void refresh();
    },
    async removeMany(ids: number[]) {
      try {
        const result = await bulk.mutateAsync({ ids });
        const missing = result.missing.length
          ? ` ${result.missing.length} were already gone (ids ${result.missing.join(", ")}).`
          : "";
        toast.success(`Removed ${result.deleted.length} row(s).${missing}`, {
          duration: BINDER_TOAST_MS,
          action: result.deleted.length
            ? { label: "Undo", onClick: undo(result.deleted.map((d) => d.change_id)) }
            : undefined,
        });
      } catch (err) {
        toast.error(errorMessage(err, BINDER_MESSAGES.bulk), { duration: BINDER_TOAST_MS });
      }
      void refresh();
    },
  };
}
