import { STORAGE_PAGE_SIZES, STORAGE_TEXTS } from "@shared/storage";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { PreviewDialog } from "@/components/file-preview/preview-dialog";
import { Screen } from "@/components/screen";
import { type FileRow, folderLabel, toFileRows } from "@/lib/storage-files";
import { trpc } from "@/lib/trpc";
import { useKeySelection } from "@/lib/use-key-selection";
import { useSearchState } from "@/lib/use-search-state";
import { ViewerBulk } from "./viewer-bulk";
import { VIEWER_ALERTS, viewerColumns } from "./viewer-columns";
import {
  filterViewer,
  folderOptions,
  pageOf,
  sortViewer,
  typeOptions,
  type ViewerSearch,
  type ViewerSort,
  viewOf,
} from "./viewer-model";
import { ViewerToolbar } from "./viewer-toolbar";

/**
 * The S3 Browser: the whole listing arrives once (the spec's GET /api/s3-files shape) and is searched, filtered,
 * sorted and paged here. Each step is memoised on what it depends on, so typing never re-sorts and a sort never
 * re-reads the listing; 20,000 files stay responsive.
 */
export function ViewerScreen() {
  const [search, set] = useSearchState<ViewerSearch>("/s3-viewer");
  const v = viewOf(search);
  const list = trpc.storage.links.useQuery();
  const rows = useMemo(() => toFileRows(list.data?.files ?? []), [list.data]);
  const sorted = useMemo(() => sortViewer(rows, v.sort, v.dir), [rows, v.sort, v.dir]);
  const filtered = useMemo(
    () => filterViewer(sorted, { q: v.q, folder: v.folder, type: v.type }),
    [sorted, v.q, v.folder, v.type],
  );
  const folders = useMemo(() => folderOptions(rows), [rows]);
  const types = useMemo(() => typeOptions(rows), [rows]);
  const page = pageOf(filtered, v.page, v.pageSize);

  const [selected, setSelected] = useKeySelection(rows);
  const [preview, setPreview] = useState<FileRow | null>(null);
  const selectedRows = useMemo(() => rows.filter((r) => selected.has(r.key)), [rows, selected]);

  const columns = useMemo(
    () =>
      viewerColumns((row) => {
        if (!row.url) toast.error(VIEWER_ALERTS.noPreview, { duration: 3000 });
        else setPreview(row);
      }),
    [],
  );

  return (
    <Screen path="/s3-viewer">
      <div className="space-y-4">
        <ViewerToolbar
          search={search}
          set={set}
          folders={folders}
          types={types}
          count={list.data ? filtered.length : null}
          refreshing={list.isFetching}
          onRefresh={() => void list.refetch()}
        />
        <ViewerBulk
          pageRows={page.rows}
          selected={selected}
          onChange={setSelected}
          selectedRows={selectedRows}
        />
        <div>
          <DataTable
            label="Stored files"
            cards
            columns={columns}
            rows={list.data ? page.rows : []}
            rowId={(r) => r.key}
            sort={{ by: v.sort, dir: v.dir }}
            onSortChange={(s) => set({ sort: s.by as ViewerSort, dir: s.dir })}
            selection={{ selected, onChange: setSelected }}
            loading={list.isFetching && !!list.data}
            error={list.error && !list.data ? STORAGE_TEXTS.fetchFailed : null}
            onRetry={() => void list.refetch()}
            emptyText={list.isPending ? STORAGE_TEXTS.loading : STORAGE_TEXTS.noFiles}
          />
          <Pager
            page={page.page}
            pageSize={v.pageSize}
            total={filtered.length}
            pageSizes={STORAGE_PAGE_SIZES}
            onPageChange={(p) => set({ page: p })}
            onPageSizeChange={(page_size) => set({ page_size })}
          />
        </div>
      </div>
      <PreviewDialog
        file={preview && { name: preview.name, url: preview.url, detail: folderLabel(preview.folder) }}
        onClose={() => setPreview(null)}
      />
    </Screen>
  );
}
