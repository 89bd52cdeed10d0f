import { type IndexMode, STORAGE_TEXTS, STORAGE_TOASTS as T } from "@shared/storage";
import { useConfirm } from "@/components/confirm";
import { errorMessage } from "@/lib/api";
import { absoluteUrl } from "@/lib/file-links";
import type { FileRow } from "@/lib/storage-files";
import { trpc } from "@/lib/trpc";
import { notify } from "./notify";

/**
 * The S3 Uploader's actions on stored files, each with the spec's toast (3 s) and the server's reason beneath a
 * failure. `target` is the Target DB and Index Mode chosen above the drop zone (indexing goes there).
 */
export function useStorageActions(target: { db: string; mode: IndexMode }, onChanged: () => void) {
  const confirm = useConfirm();
  const remove = trpc.storage.remove.useMutation();
  const move = trpc.storage.move.useMutation();
  const reindex = trpc.storage.reindex.useMutation();
  const reindexBatch = trpc.storage.reindexBatch.useMutation();
  const busy = remove.isPending || move.isPending || reindex.isPending || reindexBatch.isPending;

  const askDelete = (n: number) =>
    confirm({
      title: STORAGE_TEXTS.confirmDelete(n),
      description: STORAGE_TEXTS.deleteIndexed,
      confirmLabel: "Delete",
      destructive: true,
    });

  return {
    busy,

    async copyLink(row: FileRow) {
      try {
        await navigator.clipboard.writeText(absoluteUrl(row.url));
        notify.ok(T.copiedLink);
      } catch {
        notify.fail(T.failedToCopy);
      }
    },

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

    /** True when the file moved (the dialog closes then). */
    async moveTo(src: string, dst: string): Promise<boolean> {
      try {
        const r = await move.mutateAsync({ src_key: src, dst_key: dst });
        notify.ok(T.moved, r.key);
        onChanged();
        return true;
      } catch (err) {
        notify.fail(T.moveFailed, errorMessage(err, T.moveFailed));
        return false;
      }
    },

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
