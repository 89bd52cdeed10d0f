import { DOCUMENT_TEXTS } from "@shared/documents";
import { FileDownIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { alertFile, FILE_ALERTS } from "@/components/file-preview/file-actions";
import { PreviewDialog } from "@/components/file-preview/preview-dialog";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/select";
import { errorMessage } from "@/lib/api";
import { downloadText, toCsv } from "@/lib/csv";
import { pageOf } from "@/lib/paging";
import type { FileRow } from "@/lib/storage-files";
import { trpc } from "@/lib/trpc";
import { useKeySelection } from "@/lib/use-key-selection";
import {
  CSV_COLUMNS,
  csvFileName,
  EXPLORER_PAGE_SIZES,
  type ExplorerSearch,
  type ExplorerSort,
  type explorerViewOf,
  filterDocRows,
  sortDocRows,
  toDocRows,
  typeOptions,
} from "./explorer-model";
import { explorerColumns } from "./file-columns";
import { FilesBulk } from "./files-bulk";

const label = "text-xs font-medium text-muted-foreground";

/** The selected database's files: search, type, page size, Export CSV, bulk bar, table, pager, preview. */
export function FilesPanel({
  v,
  set,
  title,
}: {
  /** The database's title (the name made readable when it has none). */
  title: string;
  v: ReturnType<typeof explorerViewOf>;
  set(patch: Partial<ExplorerSearch>): void;
}) {
  const id = useId();
  const files = trpc.documents.listFiles.useQuery({ db_name: v.db }, { retry: false });
  const rows = useMemo(() => toDocRows(v.db, files.data?.files ?? []), [v.db, files.data]);
  const sorted = useMemo(() => sortDocRows(rows, v.sort, v.dir), [rows, v.sort, v.dir]);
  const filtered = useMemo(() => filterDocRows(sorted, { q: v.q, type: v.type }), [sorted, v.q, v.type]);
  const types = useMemo(() => typeOptions(rows), [rows]);
  const page = pageOf(filtered, v.page, v.pageSize);

  const [selected, setSelected] = useKeySelection(rows);
  const selectedRows = useMemo(() => rows.filter((r) => selected.has(r.key)), [rows, selected]);
  const [preview, setPreview] = useState<FileRow | null>(null);
  const columns = useMemo(
    () => explorerColumns((r) => (r.url ? setPreview(r) : alertFile(FILE_ALERTS.noPreview))),
    [],
  );

  return (
    <section aria-label={`Files of ${title}`} className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="mr-auto min-w-0">
          <h2 className="truncate text-lg font-semibold">{title}</h2>
          <p className="text-xs text-muted-foreground">
            {v.db}
            {files.data && ` · ${rows.length} file${rows.length === 1 ? "" : "s"}`}
          </p>
        </div>
        <SearchBox
          label="Search files"
          placeholder="Search files..."
          value={v.q}
          onCommit={(q) => set({ q })}
        />
        <div className="grid gap-1">
          <label htmlFor={`${id}-type`} className={label}>
            Type
          </label>
          <NativeSelect id={`${id}-type`} value={v.type} onChange={(e) => set({ type: e.target.value })}>
            <option value="">All Types</option>
            {v.type && !types.includes(v.type) && <option value={v.type}>{v.type.toUpperCase()}</option>}
            {types.map((t) => (
              <option key={t} value={t}>
                {t.toUpperCase()}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-size`} className={label}>
            Page size
          </label>
          <NativeSelect
            id={`${id}-size`}
            value={v.pageSize}
            onChange={(e) => set({ page_size: Number(e.target.value) })}
          >
            {EXPLORER_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          variant="outline"
          disabled={filtered.length === 0}
          onClick={() =>
            downloadText(
              csvFileName(v.db),
              toCsv(
                filtered.map((row) => ({ db: v.db, row })),
                CSV_COLUMNS,
              ),
            )
          }
        >
          <FileDownIcon /> Export CSV
        </Button>
      </div>
      <FilesBulk rows={selectedRows} onClear={() => setSelected(new Set())} />
      <div>
        <DataTable
          label={`Files in ${title}`}
          columns={columns}
          rows={files.data ? page.rows : []}
          rowId={(r) => r.key}
          sort={{ by: v.sort, dir: v.dir }}
          onSortChange={(s) => set({ sort: s.by as ExplorerSort, dir: s.dir })}
          selection={{ selected, onChange: setSelected }}
          loading={files.isFetching && !!files.data}
          error={files.error && !files.data ? errorMessage(files.error, "Failed to load the files.") : null}
          onRetry={() => void files.refetch()}
          emptyText={files.isPending ? DOCUMENT_TEXTS.loadingFiles : DOCUMENT_TEXTS.noFiles}
        />
        <Pager
          page={page.page}
          pageSize={v.pageSize}
          total={filtered.length}
          pageSizes={EXPLORER_PAGE_SIZES}
          onPageChange={(p) => set({ page: p })}
          onPageSizeChange={(page_size) => set({ page_size })}
          pageLabel={(p, n) => `Page ${p} of ${n}`}
        />
      </div>
      <PreviewDialog
        file={preview && { name: preview.name, url: preview.url, detail: v.db }}
        onClose={() => setPreview(null)}
        fallback={() => DOCUMENT_TEXTS.previewNotAvailable}
      />
    </section>
  );
}
