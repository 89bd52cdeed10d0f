import { DOCUMENT_MESSAGES, DOCUMENT_TEXTS } from "@shared/documents";
import { useConfirm } from "@/components/confirm";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import { fail, ok } from "./db-toasts";

/**
 * Deleting databases from the Databases panel: one (typed 'DELETE <name>') or many (the spec's bulk confirm).
 * `onChanged` refreshes the lists whatever the outcome.
 */
export function useDeleteDbs(onChanged: () => void) {
  const confirm = useConfirm();
  const remove = trpc.documents.deleteDb.useMutation();

  return {
    busy: remove.isPending,

    /** True when the database was deleted. */
    async deleteOne(db: string): Promise<boolean> {
      const typed = `DELETE ${db}`;
      const yes = await confirm({
        title: `Delete ${db}?`,
        description:
          "Its files, their text and index entries, and the stored originals are removed for good.",
        typeToConfirm: typed,
        mismatchMessage: DOCUMENT_MESSAGES.confirmationMismatch,
        confirmLabel: "Delete",
        destructive: true,
      });
      if (!yes) return false;
      try {
        const r = await remove.mutateAsync({ db_name: db, confirmation_text: typed });
        ok(r.message || DOCUMENT_MESSAGES.deleted(db));
        return true;
      } catch (err) {
        fail(DOCUMENT_TEXTS.deleteFailed, errorMessage(err, DOCUMENT_TEXTS.deleteFailed));
        return false;
      } finally {
        onChanged();
      }
    },

    /** The databases deleted (none when the person said no). */
    async deleteMany(dbs: string[]): Promise<string[]> {
      if (!dbs.length) return [];
      const yes = await confirm({
        title: DOCUMENT_TEXTS.confirmBulkDelete(dbs.length),
        description: dbs.join(", "),
        confirmLabel: "Delete",
        destructive: true,
      });
      if (!yes) return [];
      const gone: string[] = [];
      const failed: string[] = [];
      for (const db of dbs) {
        try {
          await remove.mutateAsync({ db_name: db, confirmation_text: `DELETE ${db}` });
          gone.push(db);
        } catch (err) {
          failed.push(`${db}: ${errorMessage(err, DOCUMENT_TEXTS.deleteFailed)}`);
        }
      }
      onChanged();
      if (gone.length) ok(`${gone.length} database(s) deleted.`, gone.join(", "));
      if (failed.length) fail(DOCUMENT_TEXTS.deleteFailed, failed.join("\n"));
      return gone;
    },
  };
}
