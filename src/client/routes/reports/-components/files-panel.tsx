import { REPORT_FILES_PAGE_SIZES, REPORTS_TEXTS } from "@shared/reports";
import { keepPreviousData } from "@tanstack/react-query";
import { FilesIcon } from "lucide-react";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { SearchBox } from "@/components/search-box";
import { checkWoPrefix } from "@/features/reports/reports-model";
import { WoPrefixField } from "@/features/reports/wo-prefix-field";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import { reportFileColumns } from "./file-columns";

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

  const columns = reportFileColumns(onOpen);

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
          shortPlaceholder="File name or project…"
          value={q}
          onCommit={(v) => onChange({ q: v })}
        />
        <WoPrefixField label="Indexed files: W.O. prefix" value={wo} onCommit={(v) => onChange({ wo: v })} />
      </div>
      <div>
        <DataTable
          label={REPORTS_TEXTS.indexedFiles}
          cards
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
