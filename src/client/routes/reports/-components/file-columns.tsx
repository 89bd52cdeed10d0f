import { REPORTS_TEXTS, type ReportFile } from "@shared/reports";
import type { ColumnDef } from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { WorkOrderLink } from "@/components/work-order-link";
import { formatDateTime } from "@/lib/format";

const num = (n: number) => <span className="tabular-nums">{n.toLocaleString()}</span>;

/** The Indexed Files table's columns; a stored report's name opens its original PDF (`onOpen`). */
export function reportFileColumns(onOpen: (fileId: number) => void): ColumnDef<ReportFile, unknown>[] {
  return [
    {
      id: "file",
      header: "File name",
      cell: ({ row: { original: f } }) =>
        f.stored ? (
          <button
            type="button"
            className="text-left font-medium text-primary underline-offset-2 hover:underline"
            onClick={() => onOpen(f.file_id)}
            title="Open the original PDF"
          >
            {f.file_name}
          </button>
        ) : (
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{f.file_name}</span>
            <Badge variant="secondary" title={REPORTS_TEXTS.originalNotStored}>
              not stored
            </Badge>
          </span>
        ),
    },
    {
      id: "wo",
      header: "W.O.",
      cell: ({ row }) => (
        <WorkOrderLink wo={row.original.work_order} className="font-mono text-xs whitespace-nowrap" />
      ),
    },
    { id: "project", header: "Project", cell: ({ row }) => row.original.project },
    {
      id: "pages",
      header: "Pages",
      meta: { className: "text-right" },
      cell: ({ row }) => num(row.original.pages),
    },
    {
      id: "chunks",
      header: "Chunks",
      meta: { className: "text-right" },
      cell: ({ row }) => num(row.original.chunks),
    },
    {
      id: "indexed",
      header: "Indexed",
      cell: ({ row }) => (
        <span className="text-muted-foreground whitespace-nowrap tabular-nums">
          {formatDateTime(row.original.indexed_at)}
        </span>
      ),
    },
  ];
}
