import type { BinderRow } from "@shared/reports-binder";
import type { ColumnDef } from "@tanstack/react-table";
import { WorkOrderLink } from "@/components/work-order-link";

/** The binder's columns as its screen shows them (the screen adds its actions); the work order page reuses them. */
export function binderColumns(): ColumnDef<BinderRow, unknown>[] {
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
      cell: ({ row }) => (
        <span className="text-muted-foreground">
          {row.original.pdf_file}
          {row.original.page_label ? ` · p. ${row.original.page_label}` : ""}
        </span>
      ),
    },
  ];
}
