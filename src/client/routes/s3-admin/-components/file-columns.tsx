import { formatSize } from "@shared/storage";
import type { ColumnDef } from "@tanstack/react-table";
import { DatabaseZapIcon, EyeIcon, FileTextIcon, LinkIcon, PencilLineIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import type { FileRow } from "@/lib/storage-files";

export interface FileActions {
  onPreview(row: FileRow): void;
  onCopyLink(row: FileRow): void;
  onIndex(row: FileRow): void;
  onMove(row: FileRow): void;
  onDelete(row: FileRow): void;
  busy: boolean;
}

/** File, Size, Modified, and the spec's five actions. The file shows its path below the group's top folder. */
export function fileColumns(a: FileActions): ColumnDef<FileRow, unknown>[] {
  return [
    {
      id: "file",
      header: "File",
      meta: { className: "max-w-[26rem]" },
      cell: ({ row }) => <FileCell row={row.original} />,
    },
    {
      id: "size",
      header: "Size",
      meta: { className: "w-24 whitespace-nowrap tabular-nums" },
      cell: ({ row }) => formatSize(row.original.size),
    },
    {
      id: "modified",
      header: "Modified",
      meta: { className: "w-44 whitespace-nowrap tabular-nums" },
      cell: ({ row }) => formatDateTime(row.original.modified),
    },
    {
      id: "actions",
      header: "Actions",
      meta: { className: "w-px whitespace-nowrap" },
      cell: ({ row }) => <FileActionButtons row={row.original} actions={a} />,
    },
  ];
}

/** The file's name, with its path below the group's top folder when it sits deeper. */
function FileCell({ row: r }: { row: FileRow }) {
  return (
    <span className="flex min-w-0 items-center gap-2" title={r.key}>
      <FileTextIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0">
        <span className="block truncate font-medium">{r.name}</span>
        {r.folder !== r.top && (
          <span className="block truncate text-xs text-muted-foreground">
            {r.folder.slice(r.top ? r.top.length + 1 : 0)}/
          </span>
        )}
      </span>
    </span>
  );
}

/** Preview, Copy Link, Index, Move/Rename and Delete for one file. */
function FileActionButtons({ row: r, actions: a }: { row: FileRow; actions: FileActions }) {
  return (
    <div className="flex gap-0.5">
      <Button size="xs" variant="ghost" aria-label={`Preview ${r.name}`} onClick={() => a.onPreview(r)}>
        <EyeIcon /> Preview
      </Button>
      <Button size="xs" variant="ghost" aria-label={`Copy link to ${r.name}`} onClick={() => a.onCopyLink(r)}>
        <LinkIcon /> Copy Link
      </Button>
      <Button
        size="xs"
        variant="ghost"
        aria-label={`Index ${r.name}`}
        disabled={a.busy}
        onClick={() => a.onIndex(r)}
      >
        <DatabaseZapIcon /> Index
      </Button>
      <Button
        size="xs"
        variant="ghost"
        aria-label={`Move or rename ${r.name}`}
        disabled={a.busy}
        onClick={() => a.onMove(r)}
      >
        <PencilLineIcon /> Move/Rename
      </Button>
      <Button
        size="xs"
        variant="ghost"
        className="text-destructive hover:text-destructive"
        aria-label={`Delete ${r.name}`}
        disabled={a.busy}
        onClick={() => a.onDelete(r)}
      >
        <Trash2Icon /> Delete
      </Button>
    </div>
  );
}
