import { STORAGE_TEXTS, STORAGE_TOASTS as T } from "@shared/storage";
import { useConfirm } from "@/components/confirm";
import { errorMessage } from "@/lib/api";
import type { FileRow } from "@/lib/storage-files";
import { trpc } from "@/lib/trpc";
import { notify } from "./notify";

/** Deleting stored files, one or many, after the spec's confirm; `onChanged` refreshes the lists either way. */
export function useDeleteFiles(onChanged: () => void) {
  const confirm = useConfirm();
  const remove = trpc.storage.remove.useMutation();

  const askDelete = (n: number) =>
    confirm({
      title: STORAGE_TEXTS.confirmDelete(n),
      description: STORAGE_TEXTS.deleteIndexed,
      confirmLabel: "Delete",
      destructive: true,
    });

  return {
    busy: remove.isPending,

    /** True when the file was deleted. */
    async deleteOne(row: FileRow): Promise<boolean> {
      if (!(await askDelete(1))) return false;
      try {
        await remove.mutateAsync({ key: row.key });
        notify.ok(T.deleted, row.key);
        return true;
      } catch (err) {
        notify.fail(T.deleteFailed, errorMessage(err, T.deleteFailed));
        return false;
      } finally {
        onChanged();
      }
    },

    /** The keys deleted (none when the person said no or it failed). */
    async deleteMany(keys: string[]): Promise<string[]> {
      if (!keys.length || !(await askDelete(keys.length))) return [];
      try {
        const r = await remove.mutateAsync({ keys });
        const gone = r.missing.length ? ` (${r.missing.length} already gone)` : "";
        notify.ok(T.deleted, `${r.deleted.length} item(s) deleted${gone}.`);
        return [...r.deleted, ...r.missing];
      } catch (err) {
        notify.fail(T.bulkDeleteFailed, errorMessage(err, T.bulkDeleteFailed));
        return [];
      } finally {
        onChanged();
      }
    },
  };
}
