import { DOCUMENT_TEXTS } from "@shared/documents";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { alertFile, FILE_ALERTS } from "@/components/file-preview/file-actions";
import { PreviewDialog } from "@/components/file-preview/preview-dialog";
import { errorMessage } from "@/lib/api";
import type { FileRow } from "@/lib/storage-files";
import { useKeySelection } from "@/lib/use-key-selection";
import {
  EXPLORER_PAGE_SIZES,
  type ExplorerSearch,
  type ExplorerSort,
  type explorerViewOf,
} from "./explorer-model";
import { explorerColumns } from "./file-columns";
import { FilesBulk } from "./files-bulk";
import { FilesToolbar } from "./files-toolbar";
import { useExplorerFiles } from "./use-explorer-files";

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
  const { files, rows, filtered, types, page } = useExplorerFiles(v);

  const [selected, setSelected] = useKeySelection(rows);
  const selectedRows = useMemo(() => rows.filter((r) => selected.has(r.key)), [rows, selected]);
  const [preview, setPreview] = useState<FileRow | null>(null);
  const columns = useMemo(
    () => explorerColumns((r) => (r.url ? setPreview(r) : alertFile(FILE_ALERTS.noPreview))),
    [],
  );

  return (
    <section aria-label={`Files of ${title}`} className="min-w-0 space-y-3">
      <FilesToolbar
        v={v}
        set={set}
        title={title}
        count={files.data ? rows.length : undefined}
        types={types}
        filtered={filtered}
      />
      <FilesBulk rows={selectedRows} onClear={() => setSelected(new Set())} />
      <div>
        <DataTable
          label={`Files in ${title}`}
          cards
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
