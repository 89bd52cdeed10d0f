import type { ColumnDef } from "@tanstack/react-table";
import { fileActionsColumn, fileNameColumn, fileTypeColumn } from "@/components/file-preview/file-columns";
import type { FileRow } from "@/lib/storage-files";

/** Copied indicator in the Database Explorer (the spec: 2 s). */
export const EXPLORER_COPIED_MS = 2000;

/** File Name and Type (both sortable) and the actions Preview, Open in new tab, Download, Copy URL. */
export function explorerColumns(onPreview: (row: FileRow) => void): ColumnDef<FileRow, unknown>[] {
  return [
    fileNameColumn("File Name", "max-w-[28rem]", (r) => r.name),
    fileTypeColumn,
    fileActionsColumn(onPreview, { copiedMs: EXPLORER_COPIED_MS, openText: "Open in new tab" }),
  ];
}
