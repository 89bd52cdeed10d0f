import { NOT_A_PDF, STORAGE_TEXTS } from "@shared/storage";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ErrorState } from "@/components/error-state";
import { Screen } from "@/components/screen";
import { errorMessage } from "@/lib/api";
import { type FileRow, searchFiles, toFileRows } from "@/lib/storage-files";
import { trpc } from "@/lib/trpc";
import { useKeySelection } from "@/lib/use-key-selection";
import { useSearchState } from "@/lib/use-search-state";
import {
  type AdminSearch,
  adminViewOf,
  DEFAULT_SETTINGS,
  groupFiles,
  sortAdmin,
  type UploadSettings,
} from "./admin-model";
import { AdminToolbar } from "./admin-toolbar";
import { BulkBar } from "./bulk-bar";
import { fileColumns } from "./file-columns";
import { FileGroups } from "./file-groups";
import { HistoryDrawer } from "./history-drawer";
import { MoveDialog } from "./move-dialog";
import { PreviewPane } from "./preview-pane";
import { UploadPanel } from "./upload-panel";
import { type TargetChoice, targetDbOf, UploadSettingsForm } from "./upload-settings";
import { useStorageActions } from "./use-storage-actions";
import { useStorageUploads } from "./use-storage-uploads";
import { useTargetDbs } from "./use-target-dbs";

/** Refreshes asked for within this window (three uploads finishing together) become one listing request. */
const REFRESH_SETTLE_MS = 250;

/**
 * The S3 Uploader: upload settings, the drop zone and its queue, then the stored files grouped by top folder with
 * search, sort, bulk actions, a preview pane and the history drawer. The Screen frame keeps it to Admins/Owners.
 */
export function AdminScreen() {
  const [search, set] = useSearchState<AdminSearch>("/s3-admin");
  const v = adminViewOf(search);
  const utils = trpc.useUtils();
  const list = trpc.storage.list.useQuery();
  const limits = trpc.storage.limits.useQuery();
  const { dbs, loading: dbsLoading } = useTargetDbs();

  const [target, setTarget] = useState<TargetChoice>({ choice: null, newName: "" });
  const [settings, setSettings] = useState<UploadSettings>(DEFAULT_SETTINGS);
  const current: UploadSettings = { ...settings, db: targetDbOf(target) };

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void utils.storage.list.invalidate();
      void utils.storage.history.invalidate();
      // An upload with "Index after upload" may have created a database or added to one.
      void utils.documents.invalidate();
    }, REFRESH_SETTLE_MS);
  }, [utils]);

  const { queue, items } = useStorageUploads(limits.data, refresh);
  const actions = useStorageActions({ db: current.db, mode: current.mode }, refresh);

  const rows = useMemo(() => toFileRows(list.data?.files ?? []), [list.data]);
  const sorted = useMemo(() => sortAdmin(rows, v.sort, v.dir), [rows, v.sort, v.dir]);
  const filtered = useMemo(() => searchFiles(sorted, v.q, { in: "name" }), [sorted, v.q]);
  const groups = useMemo(() => groupFiles(filtered), [filtered]);

  const [selected, setSelected] = useKeySelection(rows);
  const [preview, setPreview] = useState<FileRow | null>(null);
  const [moving, setMoving] = useState<FileRow | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  const columns = fileColumns({
    busy: actions.busy,
    onPreview: setPreview,
    onCopyLink: (r) => void actions.copyLink(r),
    onIndex: (r) => void actions.indexOne(r),
    onMove: setMoving,
    onDelete: async (r) => {
      if ((await actions.deleteOne(r)) && preview?.key === r.key) setPreview(null);
    },
  });

  const count = !list.data
    ? ""
    : v.q
      ? `${filtered.length} of ${STORAGE_TEXTS.fileCount(rows.length)}`
      : STORAGE_TEXTS.fileCount(rows.length);

  return (
    <Screen path="/s3-admin">
      <div className="space-y-6">
        <section aria-label="Upload" className="space-y-4 rounded-lg border bg-card p-4">
          <UploadSettingsForm
            dbs={dbs}
            loading={dbsLoading}
            target={target}
            onTarget={setTarget}
            settings={current}
            onSettings={(patch) => setSettings((s) => ({ ...s, ...patch }))}
          />
          <UploadPanel
            items={items}
            maxMb={limits.data?.uploadMaxMb}
            onFiles={(files) => queue.add(files, current)}
            onRefused={(files) => queue.refuse(files, current, NOT_A_PDF)}
            onCancel={(id) => queue.cancel(id)}
            onRetry={(id) => queue.retry(id, current)}
            onRemove={(id) => queue.remove(id)}
            onClearFinished={() => queue.clearFinished()}
          />
        </section>

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
              const gone = await actions.deleteMany([...selected]);
              if (gone.length) setSelected((prev) => new Set([...prev].filter((k) => !gone.includes(k))));
            }}
            onClear={() => setSelected(new Set())}
          />
          {list.error && !list.data ? (
            <ErrorState
              className="rounded-lg border p-8"
              message={errorMessage(list.error, STORAGE_TEXTS.fetchFailed)}
              onRetry={() => void list.refetch()}
            />
          ) : !list.data ? (
            <p className="rounded-lg border p-8 text-center text-sm text-muted-foreground" aria-busy>
              {STORAGE_TEXTS.loading}
            </p>
          ) : groups.length === 0 ? (
            <p className="rounded-lg border p-8 text-center text-sm text-muted-foreground">
              {STORAGE_TEXTS.noFiles}
            </p>
          ) : (
            <FileGroups
              groups={groups}
              columns={columns}
              pageSize={v.pageSize}
              onPageSizeChange={(page_size) => set({ page_size })}
              selected={selected}
              onSelect={setSelected}
              loading={list.isFetching}
            />
          )}
        </section>
      </div>
      <PreviewPane file={preview} onClose={() => setPreview(null)} />
      <MoveDialog
        file={moving}
        busy={actions.busy}
        onClose={() => setMoving(null)}
        onMove={async (src, dst) => {
          const ok = await actions.moveTo(src, dst);
          if (ok && preview?.key === src) setPreview(null);
          return ok;
        }}
      />
      <HistoryDrawer open={historyOpen} onOpenChange={setHistoryOpen} />
    </Screen>
  );
}
