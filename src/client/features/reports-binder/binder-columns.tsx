import type { BinderRow } from "@shared/reports-binder";
import type { ColumnDef } from "@tanstack/react-table";
import { WorkOrderLink } from "@/components/work-order-link";
import { type MaybeReport, ReportLink } from "@/features/reports/report-link";

type Row = BinderRow & MaybeReport;

/**
 * The binder's columns as its screen shows them (the screen adds its actions); the work order page reuses them.
 * The File opens the work order's indexed report when the row carries one.
 */
export function binderColumns(): ColumnDef<Row, unknown>[] {
  return [
    {
      id: "date",
      header: "Date",
      meta: { sortKey: "date" },
      cell: ({ row }) => <span className="tabular-nums">{row.original.date || "—"}</span>,
    },
    {
      id: "wo",
      header: "W.O.",
      meta: { sortKey: "work_order" },
      cell: ({ row }) => <WorkOrderLink wo={row.original.work_order} className="font-medium" />,
    },
    {
      id: "eng",
      header: "Initials",
      meta: { sortKey: "engineer_initials" },
      cell: ({ row }) => row.original.engineer_initials || "—",
    },
    {
      id: "billing",
      header: "Billing",
      meta: { sortKey: "billing" },
      cell: ({ row }) => <span className="tabular-nums">{row.original.billing || "—"}</span>,
    },
    {
      id: "sent",
      header: "Date Sent",
      meta: { sortKey: "date_sent" },
      cell: ({ row }) => <span className="tabular-nums">{row.original.date_sent || "—"}</span>,
    },
    {
      id: "file",
      header: "File",
      cell: ({ row }) => <FileCell row={row.original} />,
    },
  ];
}

function FileCell({ row }: { row: Row }) {
  const page = row.page_label ? ` · p. ${row.page_label}` : "";
  if (!row.report) return <span className="text-muted-foreground">{`${row.pdf_file}${page}` || "—"}</span>;
  return (
    <span>
      <ReportLink report={row.report} label={`Open the report of ${row.work_order}`} className="break-all">
        {row.pdf_file || row.report.file_name}
      </ReportLink>
      <span className="text-muted-foreground">{page}</span>
    </span>
  );
}
