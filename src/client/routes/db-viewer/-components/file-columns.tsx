import type { ColumnDef } from "@tanstack/react-table";
import { FileIcon } from "lucide-react";
import { FileActions } from "@/components/file-preview/file-actions";
import type { FileRow } from "@/lib/storage-files";

/** Copied indicator in the Database Explorer (the spec: 2 s). */
export const EXPLORER_COPIED_MS = 2000;

/** File Name and Type (both sortable) and the actions Preview, Open in new tab, Download, Copy URL. */
export function explorerColumns(onPreview: (row: FileRow) => void): ColumnDef<FileRow, unknown>[] {
  return [
    {
      id: "name",
      header: "File Name",
      meta: { sortKey: "name", className: "max-w-[28rem]" },
      cell: ({ row }) => (
        <span className="flex min-w-0 items-center gap-2" title={row.original.name}>
          <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate font-medium">{row.original.name}</span>
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
          openText="Open in new tab"
          onPreview={() => onPreview(row.original)}
          copiedMs={EXPLORER_COPIED_MS}
        />
      ),
    },
  ];
}
