import { flexRender, type Header, type HeaderGroup, type Row } from "@tanstack/react-table";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/error-state";
import { Checkbox, Skeleton } from "@/components/ui/misc";
import { cn } from "@/lib/utils";
import type { DataTableProps, SortState } from "./data-table";

/** The parts of the DataTable (data-table.tsx): its selection, header cells, rows and the body's states. */

/** The select-all checkbox (all, some or none of the selectable rows selected) and toggling one row. */
export function selectionOf<T>(
  rows: T[] | undefined,
  rowId: (row: T) => string,
  selection: DataTableProps<T>["selection"],
) {
  const selectable = (rows ?? []).filter((r) => selection?.canSelect?.(r) ?? true).map(rowId);
  const allSelected = selectable.length > 0 && selectable.every((id) => selection?.selected.has(id));
  const someSelected = selectable.some((id) => selection?.selected.has(id));
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const id of selectable) allSelected ? next.delete(id) : next.add(id);
    selection.onChange(next);
  };
  const toggle = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    next.has(id) ? next.delete(id) : next.add(id);
    selection.onChange(next);
  };
  /** The header's select-all checkbox (null when rows are not selectable). */
  const selectAll = selection
    ? {
        checked: allSelected ? true : someSelected ? ("indeterminate" as const) : false,
        onToggle: toggleAll,
        disabled: selectable.length === 0,
      }
    : null;
  return { selectAll, toggle };
}

/** The header row: the select-all checkbox when rows are selectable, then each column's header. */
export function TableHead<T>({
  groups,
  sort,
  onSortChange,
  fixed,
  selectAll,
}: {
  groups: HeaderGroup<T>[];
  sort: SortState | undefined;
  onSortChange: ((sort: SortState) => void) | undefined;
  fixed: boolean;
  selectAll: { checked: boolean | "indeterminate"; onToggle(): void; disabled: boolean } | null;
}) {
  return (
    <thead className="bg-muted/50">
      {groups.map((group) => (
        <tr key={group.id} className="border-b">
          {selectAll && (
            <th scope="col" className={cn("py-2", fixed ? "px-2" : "w-10 px-3")}>
              <Checkbox
                aria-label="Select all rows on this page"
                checked={selectAll.checked}
                onCheckedChange={selectAll.onToggle}
                disabled={selectAll.disabled}
              />
            </th>
          )}
          {group.headers.map((header) => (
            <HeaderCell
              key={header.id}
              header={header}
              sort={sort}
              onSortChange={onSortChange}
              fixed={fixed}
            />
          ))}
        </tr>
      ))}
    </thead>
  );
}

/** A column's header: a button that sorts by it (and shows the order) when the server can sort by it. */
function HeaderCell<T>({
  header,
  sort,
  onSortChange,
  fixed,
}: {
  header: Header<T, unknown>;
  sort: SortState | undefined;
  onSortChange: ((sort: SortState) => void) | undefined;
  fixed: boolean;
}) {
  const key = header.column.columnDef.meta?.sortKey;
  const active = key && sort?.by === key;
  const content = flexRender(header.column.columnDef.header, header.getContext());
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
      className={cn(
        "py-2 text-left font-medium whitespace-nowrap text-muted-foreground",
        fixed ? "px-2" : "px-3",
        header.column.columnDef.meta?.className,
      )}
    >
      {key && onSortChange ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => onSortChange({ by: key, dir: active && sort.dir === "asc" ? "desc" : "asc" })}
        >
          {content}
          {active ? (
            sort.dir === "asc" ? (
              <ArrowUpIcon className="size-3.5" aria-hidden />
            ) : (
              <ArrowDownIcon className="size-3.5" aria-hidden />
            )
          ) : (
            <ArrowUpDownIcon className="size-3.5 opacity-40" aria-hidden />
          )}
        </button>
      ) : (
        content
      )}
    </th>
  );
}

/** What the body says instead of rows: the error (with a retry), five placeholder rows while loading, or empty. */
export function BodyState({
  error,
  onRetry,
  loading,
  colCount,
  emptyText,
}: {
  error: string | null | undefined;
  onRetry: (() => void) | undefined;
  loading: boolean | undefined;
  colCount: number;
  emptyText: ReactNode;
}) {
  if (error) {
    return (
      <tr>
        <td colSpan={colCount} className="px-3 py-8 text-center">
          <ErrorState message={error} onRetry={onRetry} />
        </td>
      </tr>
    );
  }
  if (loading) {
    return Array.from({ length: 5 }, (_, i) => (
      <tr key={i} className="border-b">
        <td colSpan={colCount} className="px-3 py-2">
          <Skeleton className="h-5" />
        </td>
      </tr>
    ));
  }
  return (
    <tr>
      <td colSpan={colCount} className="px-3 py-10 text-center text-muted-foreground">
        {emptyText ?? "No results."}
      </td>
    </tr>
  );
}

/** One row: its checkbox when rows are selectable, then its cells (each labelled by its column in card layout). */
export function DataRow<T>({
  row,
  selection,
  toggle,
  fixed,
  cards,
  dimmed,
  rowClassName,
}: {
  row: Row<T>;
  selection: DataTableProps<T>["selection"];
  toggle(id: string): void;
  fixed: boolean;
  cards: boolean | undefined;
  /** Loading the next page: the rows shown are about to change. */
  dimmed: boolean | undefined;
  rowClassName: ((row: T) => string | undefined) | undefined;
}) {
  const id = row.id;
  const canSelect = selection?.canSelect?.(row.original) ?? true;
  return (
    <tr
      data-row-id={id}
      data-selected={selection?.selected.has(id) || undefined}
      className={cn(
        "border-b last:border-0 hover:bg-muted/40 data-[selected]:bg-primary/5",
        dimmed && "opacity-60",
        rowClassName?.(row.original),
      )}
    >
      {selection && (
        <td className={cn("py-2", fixed ? "px-2" : "px-3")}>
          <Checkbox
            aria-label={`Select ${id}`}
            checked={selection.selected.has(id)}
            disabled={!canSelect}
            onCheckedChange={() => toggle(id)}
          />
        </td>
      )}
      {row.getVisibleCells().map((cell) => (
        <td
          key={cell.id}
          data-label={cards ? headerText(cell.column.columnDef.header) : undefined}
          className={cn("py-2 align-middle", fixed ? "px-2" : "px-3", cell.column.columnDef.meta?.className)}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}

/** A column's name for the card layout, when its header is plain text. */
const headerText = (header: unknown) => (typeof header === "string" && header ? header : undefined);
