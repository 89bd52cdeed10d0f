import { STORAGE_PAGE_SIZES } from "@shared/storage";
import type { ColumnDef } from "@tanstack/react-table";
import { ChevronRightIcon, FolderIcon } from "lucide-react";
import { useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { Badge } from "@/components/ui/badge";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import type { FileRow } from "@/lib/storage-files";
import type { FileGroup } from "./admin-model";

/** Above this many groups they start folded, so a store with hundreds of databases renders only headers. */
const OPEN_BY_DEFAULT_UP_TO = 12;

/**
 * One collapsible section per top folder with its file count, each with its own table and pager (the page size
 * is shared). A page past the end (after a search or a delete) shows the last one.
 */
export function FileGroups({
  groups,
  columns,
  pageSize,
  onPageSizeChange,
  selected,
  onSelect,
  loading,
}: {
  groups: FileGroup[];
  columns: ColumnDef<FileRow, unknown>[];
  pageSize: number;
  onPageSizeChange(size: number): void;
  selected: ReadonlySet<string>;
  onSelect(next: Set<string>): void;
  loading: boolean;
}) {
  // Groups the person opened or closed against the default.
  const [toggled, setToggled] = useState<Set<string>>(new Set());
  const [pages, setPages] = useState<Record<string, number>>({});
  const openByDefault = groups.length <= OPEN_BY_DEFAULT_UP_TO;

  return (
    <div className="space-y-3">
      {groups.map((g) => (
        <FolderGroup
          key={g.folder}
          group={g}
          open={openByDefault !== toggled.has(g.folder)}
          onToggle={() =>
            setToggled((prev) => {
              const next = new Set(prev);
              next.has(g.folder) ? next.delete(g.folder) : next.add(g.folder);
              return next;
            })
          }
          page={pages[g.folder] ?? 1}
          onPageChange={(p) => setPages((prev) => ({ ...prev, [g.folder]: p }))}
          columns={columns}
          pageSize={pageSize}
          onPageSizeChange={onPageSizeChange}
          selected={selected}
          onSelect={onSelect}
          loading={loading}
        />
      ))}
    </div>
  );
}

/** One top folder: its header (name, file count, how many chosen) and, when open, its table and pager. */
function FolderGroup({
  group: g,
  open,
  onToggle,
  page: asked,
  onPageChange,
  columns,
  pageSize,
  onPageSizeChange,
  selected,
  onSelect,
  loading,
}: {
  group: FileGroup;
  open: boolean;
  onToggle(): void;
  /** The page asked for; past the end shows the last one. */
  page: number;
  onPageChange(page: number): void;
  columns: ColumnDef<FileRow, unknown>[];
  pageSize: number;
  onPageSizeChange(size: number): void;
  selected: ReadonlySet<string>;
  onSelect(next: Set<string>): void;
  loading: boolean;
}) {
  const pageCount = Math.max(1, Math.ceil(g.rows.length / pageSize));
  const page = Math.min(asked, pageCount);
  const rows = g.rows.slice((page - 1) * pageSize, page * pageSize);
  const chosen = g.rows.reduce((n, r) => n + (selected.has(r.key) ? 1 : 0), 0);
  return (
    <Collapsible open={open} onOpenChange={onToggle}>
      <section aria-label={`Folder ${g.label}`} className="rounded-lg border bg-card">
        <CollapsibleTrigger className="group flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left text-sm font-medium hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring">
          <ChevronRightIcon
            className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-90"
            aria-hidden
          />
          <FolderIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{g.label}</span>
          <Badge variant="secondary" aria-label={`${g.rows.length} files`}>
            {g.rows.length.toLocaleString()}
          </Badge>
          {chosen > 0 && <span className="text-xs font-normal text-muted-foreground">{chosen} selected</span>}
        </CollapsibleTrigger>
        <CollapsibleContent className="border-t px-3 pt-3 pb-1">
          <DataTable
            label={`Files in ${g.label}`}
            columns={columns}
            rows={rows}
            rowId={(r) => r.key}
            selection={{ selected, onChange: onSelect }}
            loading={loading}
          />
          {g.rows.length > STORAGE_PAGE_SIZES[0] ? (
            <Pager
              page={page}
              pageSize={pageSize}
              total={g.rows.length}
              pageSizes={STORAGE_PAGE_SIZES}
              onPageChange={onPageChange}
              onPageSizeChange={onPageSizeChange}
            />
          ) : (
            <div className="h-2" />
          )}
        </CollapsibleContent>
      </section>
    </Collapsible>
  );
}
