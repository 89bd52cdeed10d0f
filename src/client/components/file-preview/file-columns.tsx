import type { ColumnDef } from "@tanstack/react-table";
import { FileIcon } from "lucide-react";
import type { FileRow } from "@/lib/storage-files";
import { FileActions } from "./file-actions";

/** The file browsers' shared columns (Database Explorer, S3 Browser): name, type and the file actions. */
export function fileNameColumn(
  header: string,
  maxWidth: string,
  title: (r: FileRow) => string,
): ColumnDef<FileRow, unknown> {
  return {
    id: "name",
    header,
    meta: { sortKey: "name", className: maxWidth },
    cell: ({ row }) => (
      <span className="flex min-w-0 items-center gap-2" title={title(row.original)}>
        <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        {/* Cut to one line in a table's column; a phone's card has the room to show the whole name. */}
        <span className="truncate font-medium max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere]">
          {row.original.name}
        </span>
      </span>
    ),
  };
}

export const fileTypeColumn: ColumnDef<FileRow, unknown> = {
  id: "type",
  header: "Type",
  meta: { sortKey: "type", className: "w-20" },
  cell: ({ row }) => <span className="font-mono text-xs uppercase">{row.original.ext || "—"}</span>,
};

/** Preview, open, download and Copy URL, with the screen's own "Copied" time and open label. */
export function fileActionsColumn(
  onPreview: (row: FileRow) => void,
  opts: { copiedMs: number; openText?: string },
): ColumnDef<FileRow, unknown> {
  return {
    id: "actions",
    header: "Actions",
    meta: { className: "w-px whitespace-nowrap text-right" },
    cell: ({ row }) => (
      <FileActions
        file={row.original}
        openText={opts.openText}
        onPreview={() => onPreview(row.original)}
        copiedMs={opts.copiedMs}
      />
    ),
  };
}
