import { type ColumnKey, DIRECTORY_PAGE_SIZES, SOURCE_OPTIONS, type SourceOption } from "@shared/directory";
import { can } from "@shared/permissions";
import { createFileRoute } from "@tanstack/react-router";
import { DownloadIcon, RefreshCwIcon, UploadIcon, UserPlusIcon } from "lucide-react";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { Screen } from "@/components/screen";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/select";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { ColumnMenu } from "./-components/column-menu";
import { ContactDialog } from "./-components/contact-dialog";
import { directoryColumns } from "./-components/directory-columns";
import { directorySearch } from "./-components/directory-search";
import { ImportDialog } from "./-components/import-dialog";
import { LoadMore } from "./-components/load-more";
import {
  emptyText,
  exportDirectoryCsv,
  loadMoreSources,
  useContactActions,
  useDirectoryScreen,
} from "./-components/use-directory-screen";

export const Route = createFileRoute("/contacts")({ validateSearch: directorySearch, component: Directory });

function Directory() {
  const { me } = useAuth();
  const view = useDirectoryScreen();
  const { set, source, dir, portal, matches, columns } = view;
  const refresh = () => void dir.refresh();
  const actions = useContactActions(refresh);
  const tableColumns = directoryColumns({
    visible: columns.visible,
    showSource: source === "both",
    actions: portal
      ? { edit: (c) => actions.setDialog({ editing: c }), remove: (c) => void actions.askRemove(c) }
      : undefined,
  });

  return (
    <Screen
      path="/contacts"
      actions={
        <>
          {portal && (
            <Button variant="outline" size="sm" onClick={() => actions.setDialog({ editing: null })}>
              <UserPlusIcon /> Add Contact
            </Button>
          )}
          {portal && can(me, "directory.import") && (
            <Button variant="outline" size="sm" onClick={() => actions.setImporting(true)}>
              <UploadIcon /> Import CSV
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-3">
        <DirectoryToolbar view={view} onRefresh={refresh} />
        <LoadMore sources={loadMoreSources(source, dir)} />
        <div>
          <DataTable
            label="People"
            cards
            columns={tableColumns}
            rows={dir.loading ? undefined : view.rows}
            rowId={(r) => r.id}
            sort={view.sort}
            onSortChange={(s) => set({ sort_by: s.by as ColumnKey, sort_dir: s.dir })}
            loading={dir.loading}
            error={dir.error ? errorMessage(dir.error, "Failed to load the directory.") : null}
            onRetry={refresh}
            emptyText={emptyText(view.query, source, portal)}
          />
          <Pager
            page={view.page}
            pageSize={view.pageSize}
            total={matches.length}
            pageSizes={DIRECTORY_PAGE_SIZES}
            onPageChange={(p) => set({ page: p })}
            onPageSizeChange={(page_size) => set({ page_size })}
          />
        </div>
      </div>
      {portal && (
        <ContactDialog
          open={!!actions.dialog}
          editing={actions.dialog?.editing ?? null}
          onOpenChange={(open) => !open && actions.setDialog(null)}
          onSaved={refresh}
        />
      )}
      {portal && (
        <ImportDialog open={actions.importing} onOpenChange={actions.setImporting} onImported={refresh} />
      )}
    </Screen>
  );
}

/** Search, source, and the list's own buttons: Refresh, Export CSV and the column menu. */
function DirectoryToolbar({
  view,
  onRefresh,
}: {
  view: ReturnType<typeof useDirectoryScreen>;
  onRefresh(): void;
}) {
  const { search, set, dir, matches, columns } = view;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchBox
        label="Search the directory"
        placeholder="Search people…"
        value={search.q ?? ""}
        onType={view.setTyped}
        onCommit={(q) => set({ q })}
      />
      <SourceSelect
        value={view.source}
        onChange={(v) => set({ source: v === "both" ? undefined : "contacts" })}
      />
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={onRefresh} disabled={dir.fetching}>
          <RefreshCwIcon className={dir.fetching ? "animate-spin" : undefined} /> Refresh
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => exportDirectoryCsv(matches, columns.visible)}
          disabled={matches.length === 0}
        >
          <DownloadIcon /> Export CSV
        </Button>
        <ColumnMenu visible={columns.visible} onChange={columns.setVisible} onReset={columns.resetVisible} />
      </div>
    </div>
  );
}

function SourceSelect({ value, onChange }: { value: SourceOption; onChange(value: string): void }) {
  return (
    <NativeSelect aria-label="Source" value={value} onChange={(e) => onChange(e.target.value)}>
      {SOURCE_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );
}
