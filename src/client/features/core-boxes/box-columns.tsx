import { CORE_BOX_TOAST_MS, type CoreBoxRow, type CoreBoxSortColumn } from "@shared/core-boxes";
import type { ColumnDef } from "@tanstack/react-table";
import { PackageXIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/misc";
import { WorkOrderLink } from "@/components/work-order-link";
import { type MaybeReport, ReportIconLink } from "@/features/reports/report-link";
import { cn } from "@/lib/utils";
import { removalBlocked } from "./box-model";
import { StatusBadge } from "./status-badge";

export interface BoxRowActions {
  onEdit(box: CoreBoxRow): void;
  onDumpAndRemove(box: CoreBoxRow): void;
  onDelete(box: CoreBoxRow): void;
  busy: boolean;
}

const text = (v: string | number | null) => (v === null || v === "" ? "—" : v);
const plain = (
  id: string,
  header: string,
  sortKey: CoreBoxSortColumn,
  value: (b: CoreBoxRow) => string | number | null,
  width: string,
  className?: string,
): ColumnDef<CoreBoxRow, unknown> => ({
  id,
  header,
  meta: { sortKey, className, width },
  cell: ({ row }) => text(value(row.original)),
});

/**
 * The spec's columns in its order; every one but Actions sorts on the server. Without `a` (the work order page,
 * which only shows boxes) there is no Actions column.
 */
export function boxColumns(a?: BoxRowActions): ColumnDef<CoreBoxRow, unknown>[] {
  const columns: ColumnDef<CoreBoxRow, unknown>[] = [
    plain("year", "Year", "year", (b) => b.year, "4rem", "tabular-nums"),
    // Wide enough for the editor's input to show the longest island (Molokai) beside the list's arrow.
    plain("island", "Island", "island", (b) => b.island, "6.5rem", "truncate"),
    {
      id: "work_order",
      header: "W.O.",
      // The number never breaks; the report icon beside it goes under a long one ("4321-07(A)").
      meta: { sortKey: "work_order", width: "6.75rem" },
      cell: ({ row }) => {
        const { report } = row.original as CoreBoxRow & MaybeReport;
        return (
          <>
            <WorkOrderLink wo={row.original.work_order} className="font-medium whitespace-nowrap" />
            {report && <ReportIconLink report={report} workOrder={row.original.work_order} />}
          </>
        );
      },
    },
    {
      id: "project",
      header: "Project",
      meta: { sortKey: "project" },
      cell: ({ row }) => (
        <span className="line-clamp-2 break-words" title={row.original.project}>
          {text(row.original.project)}
        </span>
      ),
    },
    plain("engineer", "Engineer", "engineer", (b) => b.engineer, "5.5rem", "truncate"),
    plain(
      "submitted",
      "Submitted",
      "report_submission_date",
      (b) => b.report_submission_date,
      "8.25rem",
      "tabular-nums whitespace-nowrap",
    ),
    plain(
      "expiry",
      "Expiry",
      "storage_expiry_date",
      (b) => b.storage_expiry_date,
      "8.25rem",
      "tabular-nums whitespace-nowrap",
    ),
    plain("complete", "Complete", "complete", (b) => b.complete, "6.25rem"),
    {
      id: "disposition",
      header: "Disposition",
      meta: { sortKey: "keep_or_dump", width: "7rem" },
      cell: ({ row }) => (
        <span className={cn(row.original.keep_or_dump === "Dump" && "font-medium text-destructive")}>
          {row.original.keep_or_dump}
        </span>
      ),
    },
    {
      id: "status",
      header: "Status",
      // Status is the expiry date seen from today, so it sorts by that date (expired boxes come first).
      meta: { sortKey: "storage_expiry_date", width: "5.5rem" },
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
  ];
  if (!a) return columns;
  return [
    ...columns,
    {
      id: "actions",
      header: "Actions",
      meta: { width: "6.25rem" },
      cell: ({ row }) => <RowActions box={row.original} a={a} />,
    },
  ];
}

function RowActions({ box, a }: { box: CoreBoxRow; a: BoxRowActions }) {
  const blocked = removalBlocked(box);
  const wo = box.work_order;
  return (
    <div className="flex items-center gap-0.5">
      <Tooltip content="Edit">
        <Button
          size="icon-sm"
          variant="ghost"
          className="size-7"
          aria-label={`Edit ${wo}`}
          onClick={() => a.onEdit(box)}
        >
          <PencilIcon />
        </Button>
      </Tooltip>
      <Tooltip content="Mark Dumped & Remove">
        <Button
          size="icon-sm"
          variant="ghost"
          className="size-7"
          aria-label={`Mark Dumped & Remove ${wo}`}
          disabled={a.busy}
          onClick={() => a.onDumpAndRemove(box)}
        >
          <PackageXIcon />
        </Button>
      </Tooltip>
      {/* Kept focusable when refused so the reason can be read (a disabled button gets no tooltip). */}
      <Tooltip content={blocked ?? "Delete"}>
        <Button
          size="icon-sm"
          variant="ghost"
          aria-label={`Delete ${wo}`}
          aria-disabled={blocked ? true : undefined}
          aria-description={blocked ?? undefined}
          disabled={a.busy && !blocked}
          className={cn(
            "size-7 text-destructive",
            blocked && "cursor-not-allowed opacity-40 hover:bg-transparent",
          )}
          onClick={() => (blocked ? toast.info(blocked, { duration: CORE_BOX_TOAST_MS }) : a.onDelete(box))}
        >
          <Trash2Icon />
        </Button>
      </Tooltip>
    </div>
  );
}
