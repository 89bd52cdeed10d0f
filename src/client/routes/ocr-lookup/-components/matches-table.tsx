import { matchedWorkOrder, NOT_FOUND } from "@shared/ocr";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { WorkOrderLink } from "@/components/work-order-link";
import type { MatchRow } from "./matches";

const columns: ColumnDef<MatchRow, unknown>[] = [
  {
    id: "wo",
    header: "Work Order",
    cell: ({ row }) => (
      <span className="flex flex-col">
        <WorkOrderLink wo={row.original.work_order} className="font-mono whitespace-nowrap" />
        {row.original.read_as && (
          <span className="text-xs whitespace-nowrap text-muted-foreground">
            read as <span className="font-mono">{row.original.read_as}</span>
          </span>
        )}
      </span>
    ),
  },
  {
    id: "matched",
    header: "Matched WO",
    cell: ({ row }) =>
      row.original.project_wo === NOT_FOUND ? (
        <Badge variant="warning">{NOT_FOUND}</Badge>
      ) : (
        <span className="font-mono whitespace-nowrap">{matchedWorkOrder(row.original)}</span>
      ),
  },
  { id: "pr", header: "PR", cell: ({ row }) => row.original.pr },
  { id: "client", header: "Client", cell: ({ row }) => row.original.client },
  { id: "project", header: "Project", cell: ({ row }) => row.original.project },
  {
    id: "date",
    header: "Date",
    // Nothing for a work order not found: its card leaves out the empty line.
    cell: ({ row }) =>
      row.original.date ? <span className="whitespace-nowrap">{row.original.date}</span> : null,
  },
];

/** The Matches list: sorted and filtered by the toolbar (client-side: the list holds tens of rows). */
export function MatchesTable({
  rows,
  loading,
  error,
  onRetry,
  active,
  emptyText,
}: {
  rows: MatchRow[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry(): void;
  active: number | null;
  emptyText: string;
}) {
  return (
    <section aria-label="Matches" className="space-y-2">
      <h2 className="text-sm font-semibold">Matches</h2>
      <DataTable
        label="Matches"
        cards
        columns={columns}
        rows={rows}
        rowId={(r) => String(r.index)}
        loading={loading}
        error={error}
        onRetry={onRetry}
        emptyText={emptyText}
        rowClassName={(r) => (r.index === active ? "bg-primary/10" : undefined)}
      />
    </section>
  );
}
