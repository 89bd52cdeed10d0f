import { type ColumnDef, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { Fragment, type ReactNode } from "react";
import { cn } from "@/lib/utils";
import { BodyState, DataRow, selectionOf, TableHead } from "./data-table-parts";

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
  const { selectAll, toggle } = selectionOf(rows, rowId, selection);
  const colCount = columns.length + (selection ? 1 : 0);

  const fixed = columns.some((c) => c.meta?.width);
  return (
    <div className="relative overflow-x-auto rounded-lg border">
      <table
        className={tableClassName(columns, fixed, cards)}
        style={fixed ? { minWidth: minTableWidth(columns, !!selection) } : undefined}
        aria-label={label}
        aria-busy={loading || undefined}
        // Focusable by script only: where keyboard focus goes back to when the row it was on is gone.
        tabIndex={-1}
      >
        {fixed && <ColumnWidths columns={columns} selection={!!selection} />}
        <TableHead
          groups={table.getHeaderGroups()}
          sort={sort}
          onSortChange={onSortChange}
          fixed={fixed}
          selectAll={selectAll}
        />
        <tbody>
          {before}
          {error || (loading && !rows) || table.getRowModel().rows.length === 0 ? (
            <BodyState
              error={error}
              onRetry={onRetry}
              loading={loading && !rows}
              colCount={colCount}
              emptyText={emptyText}
            />
          ) : (
            table.getRowModel().rows.map((row) => {
              const override = rowOverride?.(row.original);
              if (override) return <Fragment key={row.id}>{override}</Fragment>;
              return (
                <DataRow
                  key={row.id}
                  row={row}
                  selection={selection}
                  toggle={toggle}
                  fixed={fixed}
                  cards={cards}
                  dimmed={loading}
                  rowClassName={rowClassName}
                />
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
 * buttons (and the select-all box), each row a card and each cell a line led by its column's name (data-label); empty cells are left out.
 */
const CARDS = cn(
  "max-sm:block max-sm:min-w-0! [&_tbody]:max-sm:block [&_thead]:max-sm:block",
  "[&_thead_tr]:max-sm:flex [&_thead_tr]:max-sm:flex-wrap [&_thead_tr]:max-sm:gap-x-1",
  // The header row keeps what can be pressed (sort buttons, select all): a plain column name says nothing there
  // that each card's own labels do not.
  "[&_thead_th:not(:has(button))]:max-sm:hidden",
  "[&_tbody_tr]:max-sm:block [&_tbody_tr]:max-sm:px-1 [&_tbody_tr]:max-sm:py-2",
  "[&_tbody_td]:max-sm:flex [&_tbody_td]:max-sm:gap-3 [&_tbody_td]:max-sm:py-0.5 [&_tbody_td:empty]:max-sm:hidden",
  // A column's desktop width (w-20, w-px for the actions…) does not hold in a card: each line is the card's width.
  "[&_tbody_td]:max-sm:w-auto! [&_tbody_td]:max-sm:max-w-none! [&_tbody_td]:max-sm:text-left!",
  "[&_td[data-label]]:max-sm:before:w-24 [&_td[data-label]]:max-sm:before:shrink-0 [&_td[data-label]]:max-sm:before:text-muted-foreground [&_td[data-label]]:max-sm:before:content-[attr(data-label)]",
  "[&_colgroup]:max-sm:hidden",
);

const SELECT_WIDTH = "2.25rem";

function tableClassName<T>(columns: ColumnDef<T, unknown>[], fixed: boolean, cards: boolean | undefined) {
  return cn(
    "w-full caption-bottom text-sm outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
    fixed && "table-fixed",
    cards && CARDS,
    // Without a column to sort by, the header row says nothing a card's own labels do not.
    cards && !columns.some((c) => c.meta?.sortKey) && "[&_thead]:max-sm:hidden",
  );
}

/** Each column's fixed width (the selection column's first). */
function ColumnWidths<T>({ columns, selection }: { columns: ColumnDef<T, unknown>[]; selection: boolean }) {
  return (
    <colgroup>
      {selection && <col style={{ width: SELECT_WIDTH }} />}
      {columns.map((c, i) => (
        <col key={c.id ?? i} style={c.meta?.width ? { width: c.meta.width } : undefined} />
      ))}
    </colgroup>
  );
}
/** A column without a width gets at least this much in a fixed layout (the table scrolls sideways below it). */
const FLEX_MIN = "11rem";

function minTableWidth(columns: { meta?: { width?: string } }[], selection: boolean): string {
  const parts = columns.map((c) => c.meta?.width ?? FLEX_MIN);
  return `calc(${[...(selection ? [SELECT_WIDTH] : []), ...parts].join(" + ")})`;
}
