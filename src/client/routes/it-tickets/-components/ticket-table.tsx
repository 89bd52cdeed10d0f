import { previewText, type TicketSummary, ticketRef } from "@shared/tickets";
import type { ColumnDef } from "@tanstack/react-table";
import { MessageSquareIcon } from "lucide-react";
import { DataTable } from "@/components/data-table/data-table";
import { formatDateTime } from "@/lib/format";
import { Person } from "./person";
import { PriorityBadge, StatusBadge, typeLabel } from "./ticket-badges";

/** The ticket list: title with the 120-character description preview; the title opens the detail panel. */
export function TicketTable({
  rows,
  loading,
  error,
  onRetry,
  filtered,
  onOpen,
}: {
  rows: TicketSummary[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry(): void;
  filtered: boolean;
  onOpen(id: number): void;
}) {
  const columns = ticketColumns(onOpen);
  return (
    <DataTable
      label="Tickets"
      cards
      columns={columns}
      rows={rows}
      rowId={(r) => String(r.id)}
      loading={loading}
      error={error}
      onRetry={onRetry}
      emptyText={filtered ? "No tickets match these filters." : "No tickets yet. Raise one with New Ticket."}
    />
  );
}

/** The list's columns; the title opens the ticket. */
function ticketColumns(onOpen: (id: number) => void): ColumnDef<TicketSummary, unknown>[] {
  return [
    {
      id: "id",
      header: "#",
      meta: { className: "w-16 tabular-nums text-muted-foreground" },
      cell: ({ row }) => ticketRef(row.original.id),
    },
    {
      id: "title",
      header: "Ticket",
      meta: { className: "min-w-72 max-w-xl" },
      cell: ({ row }) => (
        <div className="min-w-0">
          <button
            type="button"
            className="text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => onOpen(row.original.id)}
          >
            {row.original.title}
          </button>
          <p className="mt-0.5 text-xs break-words text-muted-foreground">
            {previewText(row.original.description)}
          </p>
        </div>
      ),
    },
    { id: "type", header: "Type", cell: ({ row }) => typeLabel(row.original.type) },
    {
      id: "priority",
      header: "Priority",
      cell: ({ row }) => <PriorityBadge priority={row.original.priority} />,
    },
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    {
      id: "requester",
      header: "Requester",
      meta: { className: "whitespace-nowrap" },
      cell: ({ row }) => <Person name={row.original.requesterName} email={row.original.requester} />,
    },
    {
      id: "assignee",
      header: "Assignee",
      cell: ({ row }) =>
        row.original.assignee ? (
          <Person name={row.original.assigneeName} email={row.original.assignee} />
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: "updated",
      header: "Updated",
      meta: { className: "whitespace-nowrap tabular-nums text-muted-foreground" },
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-2">
          {formatDateTime(row.original.updatedAt)}
          {row.original.commentCount > 0 && (
            <span
              className="inline-flex items-center gap-0.5 text-xs"
              title={`${row.original.commentCount} comment(s)`}
            >
              <MessageSquareIcon className="size-3" aria-hidden />
              {row.original.commentCount}
            </span>
          )}
        </span>
      ),
    },
  ];
}
