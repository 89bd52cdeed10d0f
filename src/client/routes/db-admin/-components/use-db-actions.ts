import { DOCUMENT_TEXTS } from "@shared/documents";
import { errorMessage } from "@/lib/api";
import { downloadText } from "@/lib/csv";
import { schemaFileName } from "@/lib/doc-dbs";
import { trpc } from "@/lib/trpc";
import { fail, ok } from "./db-toasts";
import { useDeleteDbs } from "./use-delete-dbs";

/**
 * The Databases panel's actions: delete one or many (useDeleteDbs), export the schema as JSON, refresh
 * embeddings. `onChanged` refreshes the lists; `onSteps` shows a result in Steps.
 */
export function useDbActions(
  onChanged: () => void,
  onSteps: (db: string, steps: string[], failed?: boolean) => void,
) {
  const utils = trpc.useUtils();
  const embeddings = trpc.documents.refreshEmbeddings.useMutation();
  const { busy, deleteOne, deleteMany } = useDeleteDbs(onChanged);

  return {
    busy,
    embedding: embeddings.isPending ? embeddings.variables?.db_name : undefined,
    deleteOne,
    deleteMany,

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
