import { VIEWER_COPIED_MS } from "@shared/storage";
import type { ColumnDef } from "@tanstack/react-table";
import { FileIcon } from "lucide-react";
import { FILE_ALERTS, FileActions } from "@/components/file-preview/file-actions";
import { type FileRow, folderLabel } from "@/lib/storage-files";

/** The storage viewer's alerts (shared with the Database Explorer). */
export const VIEWER_ALERTS = FILE_ALERTS;

export function viewerColumns(onPreview: (row: FileRow) => void): ColumnDef<FileRow, unknown>[] {
  return [
    {
      id: "name",
      header: "Name",
      meta: { sortKey: "name", className: "max-w-[22rem]" },
      cell: ({ row }) => (
        <span className="flex min-w-0 items-center gap-2" title={row.original.key}>
          <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate font-medium">{row.original.name}</span>
        </span>
      ),
    },
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
    {
      id: "type",
      header: "Type",
      meta: { sortKey: "type", className: "w-20" },
      cell: ({ row }) => <span className="font-mono text-xs uppercase">{row.original.ext || "—"}</span>,
    },
    {
      id: "actions",
      header: "Actions",
      meta: { className: "w-px whitespace-nowrap text-right" },
      cell: ({ row }) => (
        <FileActions
          file={row.original}
          onPreview={() => onPreview(row.original)}
          copiedMs={VIEWER_COPIED_MS}
        />
      ),
    },
  ];
}
