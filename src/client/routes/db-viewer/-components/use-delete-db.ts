import { DOCUMENT_TEXTS } from "@shared/documents";
import { TOAST_MS } from "@shared/storage";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";

/**
 * The Explorer's Delete database: typed 'DELETE <name>', then the server; `onSelectedGone` runs when the deleted
 * one was the database on show (`selected()` is read when the deletion lands).
 */
export function useDeleteDb(selected: () => string, onSelectedGone: () => void) {
  const utils = trpc.useUtils();
  const remove = trpc.documents.deleteDb.useMutation();
  const confirm = useConfirm();

  return async (db: string) => {
    const typed = `DELETE ${db}`;
    // The spec: anything but the exact text does nothing, so the button waits for it.
    if (
      !(await confirm({
        title: `Delete ${db}?`,
        typeToConfirm: typed,
        confirmLabel: "Delete",
        destructive: true,
      }))
    )
      return;
    try {
      await remove.mutateAsync({ db_name: db, confirmation_text: typed });
      toast.success(DOCUMENT_TEXTS.dbDeleted, { duration: TOAST_MS });
      if (selected() === db) onSelectedGone();
    } catch (err) {
      toast.error(errorMessage(err, DOCUMENT_TEXTS.dbDeleteFailed), { duration: TOAST_MS });
    } finally {
      void utils.documents.invalidate();
    }
  };
}
