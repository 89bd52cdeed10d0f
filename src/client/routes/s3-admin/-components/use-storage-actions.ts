import { type IndexMode, STORAGE_TOASTS as T } from "@shared/storage";
import { errorMessage } from "@/lib/api";
import { absoluteUrl } from "@/lib/file-links";
import type { FileRow } from "@/lib/storage-files";
import { trpc } from "@/lib/trpc";
import { notify } from "./notify";
import { useDeleteFiles } from "./use-delete-files";
import { useIndexFiles } from "./use-index-files";

/**
 * The S3 Uploader's actions on stored files, each with the spec's toast (3 s) and the server's reason beneath a
 * failure: copy a link, delete (useDeleteFiles), move, index (useIndexFiles). `target` is the Target DB and
 * Index Mode chosen above the drop zone (indexing goes there).
 */
export function useStorageActions(target: { db: string; mode: IndexMode }, onChanged: () => void) {
  const deletes = useDeleteFiles(onChanged);
  const indexing = useIndexFiles(target);
  const move = trpc.storage.move.useMutation();

  return {
    busy: deletes.busy || move.isPending || indexing.busy,
    deleteOne: deletes.deleteOne,
    deleteMany: deletes.deleteMany,
    indexOne: indexing.indexOne,
    indexMany: indexing.indexMany,

    async copyLink(row: FileRow) {
      try {
        await navigator.clipboard.writeText(absoluteUrl(row.url));
        notify.ok(T.copiedLink);
      } catch {
        notify.fail(T.failedToCopy);
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
  };
}
