import { FileDownIcon } from "lucide-react";
import { useId } from "react";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/select";
import { downloadText, toCsv } from "@/lib/csv";
import type { FileRow } from "@/lib/storage-files";
import {
  CSV_COLUMNS,
  csvFileName,
  EXPLORER_PAGE_SIZES,
  type ExplorerSearch,
  type explorerViewOf,
} from "./explorer-model";

const label = "text-xs font-medium text-muted-foreground";

/** Above the files: the database's title and file count, search, Type, Page size and Export CSV. */
export function FilesToolbar({
  v,
  set,
  title,
  count,
  types,
  filtered,
}: {
  v: ReturnType<typeof explorerViewOf>;
  set(patch: Partial<ExplorerSearch>): void;
  title: string;
  /** The database's file count, once loaded. */
  count: number | undefined;
  types: readonly string[];
  filtered: readonly FileRow[];
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="mr-auto min-w-0">
        <h2 className="truncate text-lg font-semibold">{title}</h2>
        <p className="text-xs text-muted-foreground">
          {v.db}
          {count !== undefined && ` · ${count} file${count === 1 ? "" : "s"}`}
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
  );
}
