import { DOCUMENT_MESSAGES, DOCUMENT_TEXTS } from "@shared/documents";
import { TOAST_MS } from "@shared/storage";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { errorMessage } from "@/lib/api";
import { downloadText } from "@/lib/csv";
import { schemaFileName } from "@/lib/doc-dbs";
import { trpc } from "@/lib/trpc";

const ok = (title: string, description?: string) => toast.success(title, { duration: TOAST_MS, description });
const fail = (title: string, description?: string) =>
  toast.error(title, { duration: TOAST_MS, description: description === title ? undefined : description });

/**
 * The Databases panel's actions: delete one (typed 'DELETE <name>'), bulk delete (the spec's confirm), export the
 * schema as JSON, refresh embeddings. `onChanged` refreshes the lists; `onSteps` shows a result in Steps.
 */
export function useDbActions(
  onChanged: () => void,
  onSteps: (db: string, steps: string[], failed?: boolean) => void,
) {
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const remove = trpc.documents.deleteDb.useMutation();
  const embeddings = trpc.documents.refreshEmbeddings.useMutation();

  return {
    busy: remove.isPending,
    embedding: embeddings.isPending ? embeddings.variables?.db_name : undefined,

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

    async exportSchema(db: string) {
      try {
        const info = await utils.client.documents.inspect.query({ db_name: db });
        downloadText(schemaFileName(db), JSON.stringify(info, null, 2), "application/json");
      } catch {
        fail(DOCUMENT_TEXTS.exportSchemaFailed);
      }
    },

    async refreshEmbeddings(db: string) {
      try {
        const r = await embeddings.mutateAsync({ db_name: db });
        onSteps(db, r.steps);
        ok("Embeddings refreshed", r.steps.at(-1) ?? db);
      } catch (err) {
        const why = errorMessage(err, "Refreshing the embeddings failed.");
        onSteps(db, [why], true);
        fail("Refreshing the embeddings failed", why);
      }
    },
  };
}
