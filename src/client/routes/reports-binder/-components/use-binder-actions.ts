import {
  BINDER_MESSAGES,
  BINDER_TOAST_MS,
  type BinderCreate,
  type BinderRow,
  type BinderUpdate,
} from "@shared/reports-binder";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import type { RowPlace } from "./row-place";

/** Where a saved row went, for its success toast (null: on the page in view, or not known). */
type Place = (row: BinderRow) => Promise<RowPlace | null>;
/** The success toast of a saved row: one toast, saying where the row is when it left the page in view. */
async function savedToast(title: string, row: BinderRow, place?: Place) {
  const where = place ? await place(row).catch(() => null) : null;
  toast.success(title, { duration: BINDER_TOAST_MS, ...where });
}

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
    /** True when saved; else false, and the toast says why. `place` says where the saved row went. */
    async add(values: BinderCreate, place?: Place) {
      try {
        const row = await create.mutateAsync(values);
        void refresh();
        await savedToast(`Added ${row.work_order}.`, row, place);
        return true;
      } catch (err) {
        toast.error(errorMessage(err, BINDER_MESSAGES.add), { duration: BINDER_TOAST_MS });
        return false;
      }
    },
    async save(id: number, values: BinderUpdate, place?: Place) {
      try {
        const row = await update.mutateAsync({ id, values });
        void refresh();
        await savedToast("Changes saved.", row, place);
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
