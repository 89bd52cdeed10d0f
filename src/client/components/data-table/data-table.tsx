import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { ErrorState } from "@/components/error-state";
import { Checkbox, Skeleton } from "@/components/ui/misc";
import { cn } from "@/lib/utils";

export interface SortState<K extends string = string> {
  by: K;
  dir: "asc" | "desc";
}

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData, TValue> {
    /** The server's sort key for this column; sortable when set. */
    sortKey?: string;
    className?: string;
    /**
     * The column's fixed width (CSS, e.g. "7rem"). When any column has one the table lays out fixed: widths do
     * not move when a row turns into an editor or a long value arrives; columns without one share the rest.
     */
    width?: string;
  }
}

export interface DataTableProps<T> {
  label: string;
  columns: ColumnDef<T, unknown>[];
  rows: T[] | undefined;
  rowId(row: T): string;
  sort?: SortState;
  onSortChange?(sort: SortState): void;
  /** Selection by row id; rows for which `canSelect` is false get a disabled checkbox. */
  selection?: {
    selected: ReadonlySet<string>;
    onChange(next: Set<string>): void;
    canSelect?(row: T): boolean;
  };
  loading?: boolean;
  error?: string | null;
  /** Offered beside the error: load again. */
  onRetry?(): void;
  emptyText?: ReactNode;
  rowClassName?(row: T): string | undefined;
  /** Extra rows above the data (e.g. an inline "new row" editor). */
  before?: ReactNode;
  /** Render a row differently (e.g. as an inline editor); return null for the normal row. */
  rowOverride?(row: T): ReactNode | null;
  /**
   * On a phone, each row is a card: every value on its own line under its column's name, the sort buttons in a
   * row above, so nothing hides off to the side of a narrow screen.
   */
  cards?: boolean;
}

/**
 * The portal's one data table: server-side sort, selection, and the loading / error / empty states. Paging is
 * the Pager's job; sorting and paging happen in SQL, so the table only renders what it is given.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowId,
  sort,
  onSortChange,
  selection,
  loading,
  error,
  onRetry,
  emptyText,
  rowClassName,
  before,
  rowOverride,
  cards,
}: DataTableProps<T>) {
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowId,
    manualSorting: true,
    manualPagination: true,
  });
  const selectable = (rows ?? []).filter((r) => selection?.canSelect?.(r) ?? true).map(rowId);
  const allSelected = selectable.length > 0 && selectable.every((id) => selection?.selected.has(id));
  const someSelected = selectable.some((id) => selection?.selected.has(id));
  const colCount = columns.length + (selection ? 1 : 0);

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

  const fixed = columns.some((c) => c.meta?.width);
  return (
    <div className="relative overflow-x-auto rounded-lg border">
      <table
        className={cn(
          "w-full caption-bottom text-sm",
          fixed && "table-fixed",
          cards && CARDS,
          // Without a column to sort by, the header row says nothing a card's own labels do not.
          cards && !columns.some((c) => c.meta?.sortKey) && "[&_thead]:max-sm:hidden",
        )}
        style={fixed ? { minWidth: minTableWidth(columns, !!selection) } : undefined}
        aria-label={label}
        aria-busy={loading || undefined}
      >
        {fixed && (
          <colgroup>
            {selection && <col style={{ width: SELECT_WIDTH }} />}
            {columns.map((c, i) => (
              <col key={c.id ?? i} style={c.meta?.width ? { width: c.meta.width } : undefined} />
            ))}
          </colgroup>
        )}
        <thead className="bg-muted/50">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b">
              {selection && (
                <th scope="col" className={cn("py-2", fixed ? "px-2" : "w-10 px-3")}>
                  <Checkbox
                    aria-label="Select all rows on this page"
                    checked={allSelected ? true : someSelected ? "indeterminate" : false}
                    onCheckedChange={toggleAll}
                    disabled={selectable.length === 0}
                  />
                </th>
              )}
              {group.headers.map((header) => {
                const key = header.column.columnDef.meta?.sortKey;
                const active = key && sort?.by === key;
                const content = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
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
                        onClick={() =>
                          onSortChange({ by: key, dir: active && sort.dir === "asc" ? "desc" : "asc" })
                        }
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
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {before}
          {error ? (
            <tr>
              <td colSpan={colCount} className="px-3 py-8 text-center">
                <ErrorState message={error} onRetry={onRetry} />
              </td>
            </tr>
          ) : loading && !rows ? (
            Array.from({ length: 5 }, (_, i) => (
              <tr key={i} className="border-b">
                <td colSpan={colCount} className="px-3 py-2">
                  <Skeleton className="h-5" />
                </td>
              </tr>
            ))
          ) : table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={colCount} className="px-3 py-10 text-center text-muted-foreground">
                {emptyText ?? "No results."}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => {
              const id = row.id;
              const override = rowOverride?.(row.original);
              if (override) return <Fragment key={id}>{override}</Fragment>;
              const canSelect = selection?.canSelect?.(row.original) ?? true;
              return (
                <tr
                  key={id}
                  data-selected={selection?.selected.has(id) || undefined}
                  className={cn(
                    "border-b last:border-0 hover:bg-muted/40 data-[selected]:bg-primary/5",
                    loading && "opacity-60",
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
                      className={cn(
                        "py-2 align-middle",
                        fixed ? "px-2" : "px-3",
                        cell.column.columnDef.meta?.className,
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Card layout below the `sm` breakpoint: the table's parts become blocks, the header row a wrap of sort
 * buttons, each row a card and each cell a line led by its column's name (data-label); empty cells are left out.
 */
const CARDS = cn(
  "max-sm:block max-sm:min-w-0! [&_tbody]:max-sm:block [&_thead]:max-sm:block",
  "[&_thead_tr]:max-sm:flex [&_thead_tr]:max-sm:flex-wrap [&_thead_tr]:max-sm:gap-x-1 [&_thead_th:empty]:max-sm:hidden",
  "[&_tbody_tr]:max-sm:block [&_tbody_tr]:max-sm:px-1 [&_tbody_tr]:max-sm:py-2",
  "[&_tbody_td]:max-sm:flex [&_tbody_td]:max-sm:gap-3 [&_tbody_td]:max-sm:py-0.5 [&_tbody_td:empty]:max-sm:hidden",
  "[&_td[data-label]]:max-sm:before:w-24 [&_td[data-label]]:max-sm:before:shrink-0 [&_td[data-label]]:max-sm:before:text-muted-foreground [&_td[data-label]]:max-sm:before:content-[attr(data-label)]",
  "[&_colgroup]:max-sm:hidden",
);

/** A column's name for the card layout, when its header is plain text. */
const headerText = (header: unknown) => (typeof header === "string" && header ? header : undefined);

const SELECT_WIDTH = "2.25rem";
/** A column without a width gets at least this much in a fixed layout (the table scrolls sideways below it). */
const FLEX_MIN = "11rem";

function minTableWidth(columns: { meta?: { width?: string } }[], selection: boolean): string {
  const parts = columns.map((c) => c.meta?.width ?? FLEX_MIN);
  return `calc(${[...(selection ? [SELECT_WIDTH] : []), ...parts].join(" + ")})`;
}
