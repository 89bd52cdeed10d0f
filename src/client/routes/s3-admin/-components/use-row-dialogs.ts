import { useState } from "react";
import type { FileRow } from "@/lib/storage-files";
import { fileColumns } from "./file-columns";
import type { useStorageActions } from "./use-storage-actions";

/**
 * The file table's columns with their row actions, and the two things a row opens: the preview pane and the
 * Move/Rename dialog. A file that moved or was deleted is no longer the one previewed.
 */
export function useRowDialogs(actions: ReturnType<typeof useStorageActions>) {
  const [preview, setPreview] = useState<FileRow | null>(null);
  const [moving, setMoving] = useState<FileRow | null>(null);
  const gone = (key: string) => setPreview((p) => (p?.key === key ? null : p));

  const columns = fileColumns({
    busy: actions.busy,
    onPreview: setPreview,
    onCopyLink: (r) => void actions.copyLink(r),
    onIndex: (r) => void actions.indexOne(r),
    onMove: setMoving,
    onDelete: async (r) => {
      if (await actions.deleteOne(r)) gone(r.key);
    },
  });

  return {
    columns,
    preview,
    closePreview: () => setPreview(null),
    moving,
    closeMove: () => setMoving(null),
    /** True when the file moved (the dialog closes then). */
    async moveTo(src: string, dst: string) {
      const ok = await actions.moveTo(src, dst);
      if (ok) gone(src);
      return ok;
    },
  };
}
