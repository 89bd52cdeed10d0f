import { REPORT_FILES_PAGE_SIZES, REPORTS_TEXTS, type ReportFile } from "@shared/reports";
import { keepPreviousData } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { FilesIcon } from "lucide-react";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { SearchBox } from "@/components/search-box";
import { Badge } from "@/components/ui/badge";
import { WorkOrderLink } from "@/components/work-order-link";
import { checkWoPrefix } from "@/features/reports/reports-model";
import { WoPrefixField } from "@/features/reports/wo-prefix-field";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";

const num = (n: number) => <span className="tabular-nums">{n.toLocaleString()}</span>;

/** Every indexed report, newest first, paged on the server and filtered by name/project text and W.O. prefix. */
export function FilesPanel({
  q,
  wo,
  page,
  pageSize,
  onChange,
  onOpen,
}: {
  q: string;
  wo: string;
  page: number;
  pageSize: number;
  onChange(patch: { q?: string; wo?: string; page?: number; pageSize?: number }): void;
  onOpen(fileId: number): void;
}) {
  const woCheck = checkWoPrefix(wo);
  const list = trpc.reports.files.useQuery(
    { q: q || undefined, wo: woCheck.ok ? woCheck.wo : undefined, page, page_size: pageSize },
    { enabled: woCheck.ok, placeholderData: keepPreviousData },
  );
  const filtered = !!(q || wo);

  const columns: ColumnDef<ReportFile, unknown>[] = [
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

  return (
    <section aria-labelledby="files-title" className="space-y-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-start gap-2">
        <h2 id="files-title" className="mr-auto flex items-center gap-2 self-center font-semibold">
          <FilesIcon className="size-4 text-muted-foreground" aria-hidden />
          {REPORTS_TEXTS.indexedFiles}
        </h2>
        <SearchBox
          label="Filter indexed files by name or project"
          placeholder="File name or project…"
          value={q}
          onCommit={(v) => onChange({ q: v })}
        />
        <WoPrefixField label="Indexed files: W.O. prefix" value={wo} onCommit={(v) => onChange({ wo: v })} />
      </div>
      <div>
        <DataTable
          label={REPORTS_TEXTS.indexedFiles}
          columns={columns}
          rows={woCheck.ok ? list.data?.files : []}
          rowId={(f) => String(f.file_id)}
          loading={list.isFetching}
          error={list.error ? errorMessage(list.error, "Failed to load the indexed reports.") : null}
          onRetry={() => void list.refetch()}
          emptyText={filtered ? "No indexed reports match these filters." : REPORTS_TEXTS.noReports}
        />
        <Pager
          page={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          pageSizes={REPORT_FILES_PAGE_SIZES}
          onPageChange={(p) => onChange({ page: p })}
          onPageSizeChange={(s) => onChange({ pageSize: s })}
        />
      </div>
    </section>
  );
}
