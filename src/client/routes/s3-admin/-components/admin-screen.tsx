import { STORAGE_TEXTS } from "@shared/storage";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { ErrorState } from "@/components/error-state";
import { Screen } from "@/components/screen";
import { errorMessage } from "@/lib/api";
import type { FileRow } from "@/lib/storage-files";
import { trpc } from "@/lib/trpc";
import { useKeySelection } from "@/lib/use-key-selection";
import { useSearchState } from "@/lib/use-search-state";
import {
  type AdminSearch,
  adminViewOf,
  DEFAULT_SETTINGS,
  type FileGroup,
  type UploadSettings,
} from "./admin-model";
import { AdminToolbar } from "./admin-toolbar";
import { BulkBar } from "./bulk-bar";
import { FileGroups } from "./file-groups";
import { HistoryDrawer } from "./history-drawer";
import { MoveDialog } from "./move-dialog";
import { PreviewPane } from "./preview-pane";
import { UploadSection } from "./upload-section";
import { type TargetChoice, targetDbOf } from "./upload-settings";
import { useRowDialogs } from "./use-row-dialogs";
import { useSettledRefresh } from "./use-settled-refresh";
import { useStorageActions } from "./use-storage-actions";
import { useStoredFiles } from "./use-stored-files";

/**
 * The S3 Uploader: upload settings, the drop zone and its queue, then the stored files grouped by top folder with
 * search, sort, bulk actions, a preview pane and the history drawer. The Screen frame keeps it to Admins/Owners.
 */
export function AdminScreen() {
  const [search, set] = useSearchState<AdminSearch>("/s3-admin");
  const v = adminViewOf(search);
  const utils = trpc.useUtils();
  const { list, rows, groups, count } = useStoredFiles(v);
  const refresh = useSettledRefresh();

  const [target, setTarget] = useState<TargetChoice>({ choice: null, newName: "" });
  const [settings, setSettings] = useState<UploadSettings>(DEFAULT_SETTINGS);
  const current: UploadSettings = { ...settings, db: targetDbOf(target) };
  const actions = useStorageActions({ db: current.db, mode: current.mode }, refresh);

  const [selected, setSelected] = useKeySelection(rows);
  const [historyOpen, setHistoryOpen] = useState(false);
  const rowDialogs = useRowDialogs(actions);

  return (
    <Screen path="/s3-admin">
      <div className="space-y-6">
        <UploadSection
          target={target}
          onTarget={setTarget}
          settings={current}
          onSettings={(patch) => setSettings((s) => ({ ...s, ...patch }))}
          onChanged={refresh}
        />
        <section aria-label="Stored files" className="space-y-3">
          <AdminToolbar
            view={v}
            set={set}
            count={count}
            historyOpen={historyOpen}
            onToggleHistory={() => setHistoryOpen((o) => !o)}
            refreshing={list.isFetching}
            onRefresh={() => {
              void list.refetch();
              if (historyOpen) void utils.storage.history.invalidate();
            }}
          />
          <BulkBar
            count={selected.size}
            busy={actions.busy}
            onIndex={() => void actions.indexMany([...selected])}
            onDelete={async () => {
              const deleted = await actions.deleteMany([...selected]);
              if (deleted.length)
                setSelected((prev) => new Set([...prev].filter((k) => !deleted.includes(k))));
            }}
            onClear={() => setSelected(new Set())}
          />
          <StoredFiles
            list={list}
            groups={groups}
            columns={rowDialogs.columns}
            pageSize={v.pageSize}
            onPageSizeChange={(page_size) => set({ page_size })}
            selected={selected}
            onSelect={setSelected}
          />
        </section>
      </div>
      <PreviewPane file={rowDialogs.preview} onClose={rowDialogs.closePreview} />
      <MoveDialog
        file={rowDialogs.moving}
        busy={actions.busy}
        onClose={rowDialogs.closeMove}
        onMove={rowDialogs.moveTo}
      />
      <HistoryDrawer open={historyOpen} onOpenChange={setHistoryOpen} />
    </Screen>
  );
}

/** The listing's states: failed (with Retry), loading, empty, or the folder groups. */
function StoredFiles({
  list,
  groups,
  ...table
}: {
  list: ReturnType<typeof useStoredFiles>["list"];
  groups: FileGroup[];
  columns: ColumnDef<FileRow, unknown>[];
  pageSize: number;
  onPageSizeChange(size: number): void;
  selected: ReadonlySet<string>;
  onSelect(next: Set<string>): void;
}) {
  if (list.error && !list.data)
    return (
      <ErrorState
        className="rounded-lg border p-8"
        message={errorMessage(list.error, STORAGE_TEXTS.fetchFailed)}
        onRetry={() => void list.refetch()}
      />
    );
  if (!list.data)
    return (
      <p className="rounded-lg border p-8 text-center text-sm text-muted-foreground" aria-busy>
        {STORAGE_TEXTS.loading}
      </p>
    );
  if (groups.length === 0)
    return (
      <p className="rounded-lg border p-8 text-center text-sm text-muted-foreground">
        {STORAGE_TEXTS.noFiles}
      </p>
    );
  return <FileGroups groups={groups} loading={list.isFetching} {...table} />;
}
