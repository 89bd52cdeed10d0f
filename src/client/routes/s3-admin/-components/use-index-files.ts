import { type IndexMode, STORAGE_TOASTS as T } from "@shared/storage";
import { errorMessage } from "@/lib/api";
import type { FileRow } from "@/lib/storage-files";
import { trpc } from "@/lib/trpc";
import { notify } from "./notify";

/** Indexing stored files into the Target DB with the Index Mode chosen above the drop zone (`target`). */
export function useIndexFiles(target: { db: string; mode: IndexMode }) {
  const reindex = trpc.storage.reindex.useMutation();
  const reindexBatch = trpc.storage.reindexBatch.useMutation();

  return {
    busy: reindex.isPending || reindexBatch.isPending,

    async indexOne(row: FileRow) {
      if (!target.db) return notify.fail(T.pickTargetDb);
      try {
        await reindex.mutateAsync({ key: row.key, db_name: target.db, mode: target.mode });
        notify.ok(T.indexed, row.key);
      } catch (err) {
        notify.fail(T.indexingFailed, errorMessage(err, T.indexingFailed));
      }
    },

    async indexMany(keys: string[]) {
      if (!target.db) return notify.fail(T.pickTargetDb);
      try {
        await reindexBatch.mutateAsync({ keys, db_name: target.db, mode: target.mode });
        notify.ok(T.indexedBatch, `${keys.length} file(s)`);
      } catch (err) {
        notify.fail(T.batchIndexingFailed, errorMessage(err, T.batchIndexingFailed));
      }
    },
  };
}
