import { STORAGE_TEXTS } from "@shared/storage";
import { RefreshCwIcon, RotateCcwIcon } from "lucide-react";
import { useId } from "react";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/select";
import { folderLabel } from "@/lib/storage-files";
import { CLEARED_FILTERS, hasFilters, ROOT_FOLDER, type ViewerSearch } from "./viewer-model";

/** Search, Folder, Type, Reset, '{n} files' and Refresh. */
export function ViewerToolbar({
  search,
  set,
  folders,
  types,
  count,
  refreshing,
  onRefresh,
}: {
  search: ViewerSearch;
  set(patch: Partial<ViewerSearch>): void;
  folders: string[];
  types: string[];
  count: number | null;
  refreshing: boolean;
  onRefresh(): void;
}) {
  const folderId = useId();
  const typeId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchBox
        label="Search files by name, key or folder"
        placeholder="Search name, key or folder…"
        value={search.q ?? ""}
        onCommit={(q) => set({ q })}
      />
      <div className="grid gap-1">
        <label htmlFor={folderId} className="text-xs font-medium text-muted-foreground">
          Folder
        </label>
        <NativeSelect
          id={folderId}
          className="max-w-64"
          value={search.folder ?? ""}
          onChange={(e) => set({ folder: e.target.value })}
        >
          <option value="">All folders</option>
          {/* A bookmarked folder that has since emptied still shows as chosen. */}
          {search.folder && !folders.includes(search.folder) && (
            <option value={search.folder}>{folderLabel(search.folder)}</option>
          )}
          {folders.map((f) => (
            <option key={f} value={f}>
              {folderLabel(f === ROOT_FOLDER ? "" : f)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <label htmlFor={typeId} className="text-xs font-medium text-muted-foreground">
          Type
        </label>
        <NativeSelect id={typeId} value={search.type ?? ""} onChange={(e) => set({ type: e.target.value })}>
          <option value="">All types</option>
          {search.type && !types.includes(search.type) && (
            <option value={search.type}>{search.type.toUpperCase()}</option>
          )}
          {types.map((t) => (
            <option key={t} value={t}>
              {t.toUpperCase()}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button variant="outline" onClick={() => set(CLEARED_FILTERS)} disabled={!hasFilters(search)}>
        <RotateCcwIcon /> Reset
      </Button>
      <div className="ml-auto flex items-center gap-3">
        <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
          {count === null ? "" : STORAGE_TEXTS.fileCount(count)}
        </span>
        <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
          <RefreshCwIcon className={refreshing ? "animate-spin" : undefined} /> Refresh
        </Button>
      </div>
    </div>
  );
}
