import { VIEWER_COPIED_MS } from "@shared/storage";
import type { ColumnDef } from "@tanstack/react-table";
import { FILE_ALERTS } from "@/components/file-preview/file-actions";
import { fileActionsColumn, fileNameColumn, fileTypeColumn } from "@/components/file-preview/file-columns";
import { type FileRow, folderLabel } from "@/lib/storage-files";

/** The storage viewer's alerts (shared with the Database Explorer). */
export const VIEWER_ALERTS = FILE_ALERTS;

export function viewerColumns(onPreview: (row: FileRow) => void): ColumnDef<FileRow, unknown>[] {
  return [
    fileNameColumn("Name", "max-w-[22rem]", (r) => r.key),
    {
      id: "folder",
      header: "Folder",
      meta: { sortKey: "folder", className: "max-w-[16rem]" },
      cell: ({ row }) => (
        <span className="block truncate text-muted-foreground" title={folderLabel(row.original.folder)}>
          {folderLabel(row.original.folder)}
        </span>
      ),
    },
    fileTypeColumn,
    fileActionsColumn(onPreview, { copiedMs: VIEWER_COPIED_MS }),
  ];
}
