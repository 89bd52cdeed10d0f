import { REPORTS_DB } from "@shared/reports";
import type { WorkOrderReport } from "@shared/work-orders";
import { Link } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { ExternalLinkIcon, FileTextIcon, SparklesIcon } from "lucide-react";
import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { SearchBox } from "@/components/search-box";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SearchResults, useReportSearch } from "@/features/reports/search-panel";
import { useOpenReport } from "@/features/reports/use-open-report";
import { formatDate } from "@/lib/format";
import { None, Section } from "./section";

/**
 * The work order's indexed reports: each opens its PDF; the search box searches only these, and "Ask about this
 * work order" opens Ask Geolabs AI on them alone.
 */
export function ReportsSection({ workOrder, reports }: { workOrder: string; reports: WorkOrderReport[] }) {
  const open = useOpenReport();
  const columns: ColumnDef<WorkOrderReport, unknown>[] = [
    {
      id: "name",
      header: "Report",
      cell: ({ row }) =>
        row.original.stored ? (
          <button
            type="button"
            className="inline-flex min-w-0 items-start gap-1.5 text-left font-medium text-primary underline-offset-2 hover:underline"
            onClick={() => void open(row.original.file_id)}
          >
            <ExternalLinkIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            <span className="break-all">{row.original.file_name}</span>
          </button>
        ) : (
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all">{row.original.file_name}</span>
            <Badge variant="secondary">not stored</Badge>
          </span>
        ),
    },
    {
      id: "pages",
      header: "Pages",
      meta: { width: "5rem", className: "tabular-nums" },
      cell: ({ row }) => row.original.pages,
    },
    {
      id: "indexed",
      header: "Indexed",
      meta: { width: "8rem", className: "tabular-nums whitespace-nowrap" },
      cell: ({ row }) => formatDate(row.original.indexed_at),
    },
  ];
  return (
    <Section
      title="Reports"
      icon={FileTextIcon}
      count={reports.length}
      actions={
        reports.length > 0 && (
          <Button asChild size="sm" variant="outline">
            <Link to="/ask-ai" search={{ db: REPORTS_DB, wo: workOrder }}>
              <SparklesIcon aria-hidden /> Ask about this work order
            </Link>
          </Button>
        )
      }
    >
      {reports.length ? (
        <>
          <DataTable
            label="Reports"
            columns={columns}
            rows={reports}
            rowId={(r) => String(r.file_id)}
            cards
          />
          <ReportSearch workOrder={workOrder} onOpen={(id, page) => void open(id, page)} />
        </>
      ) : (
        <None>No indexed reports.</None>
      )}
    </Section>
  );
}

/** Full-text search over this work order's reports only (the reports search, narrowed to its number). */
function ReportSearch({
  workOrder,
  onOpen,
}: {
  workOrder: string;
  onOpen(fileId: number, page: number): void;
}) {
  const [q, setQ] = useState("");
  const search = useReportSearch(q, workOrder, 1);
  return (
    <div className="space-y-2 border-t pt-3">
      <SearchBox
        label={`Search inside the reports of ${workOrder}`}
        placeholder={`Search inside these reports…`}
        value={q}
        onCommit={setQ}
        className="max-w-md"
        inputClassName="w-full"
      />
      {q.trim() && <SearchResults q={q} search={search} onOpen={onOpen} />}
    </div>
  );
}
