import { BINDER_PAGE_SIZES, type BinderRow, type BinderSort } from "@shared/reports-binder";
import type { ColumnDef } from "@tanstack/react-table";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { Button } from "@/components/ui/button";
import { binderColumns } from "@/features/reports-binder/binder-columns";
import { errorMessage } from "@/lib/api";
import type { BinderSearch } from "../route";
import { type Draft, EMPTY_DRAFT, RowEditor } from "./row-editor";

const draftOf = (r: BinderRow): Draft => ({
  date: r.date,
  work_order: r.work_order,
  engineer_initials: r.engineer_initials,
  billing: r.billing,
  date_sent: r.date_sent,
  pdf_file: r.pdf_file,
});

/** The binder table's accessible name. */
export const BINDER_TABLE = "Reports binder";

/** The binder's columns, and each row's Edit and Delete. */
export function columnsWithActions(
  onEdit: (row: BinderRow) => void,
  onRemove: (row: BinderRow) => void,
): ColumnDef<BinderRow, unknown>[] {
  return [
    ...binderColumns(),
    {
      id: "actions",
      header: "Actions",
      cell: ({ row }) => (
        <span className="flex gap-1">
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={`Edit ${row.original.work_order}`}
            onClick={() => onEdit(row.original)}
          >
            <PencilIcon />
          </Button>
          <Button
            size="icon-sm"
            variant="ghost"
            className="text-destructive"
            aria-label={`Delete ${row.original.work_order}`}
            onClick={() => onRemove(row.original)}
          >
            <Trash2Icon />
          </Button>
        </span>
      ),
    },
  ];
}

/** The binder table and its pager: a new row's editor above the rows, an edited row's editor in its place. */
export function BinderTable({
  input,
  set,
  list,
  columns,
  selection,
  editing,
  busy,
  onCancel,
  onAdd,
  onSave,
}: {
  input: { sort_by: BinderSort; sort_dir: "asc" | "desc"; page: number; page_size: number };
  set(patch: Partial<BinderSearch>): void;
  /** The list query: its page of rows, and whether it is loading or failed. */
  list: {
    data?: { rows: BinderRow[]; total: number; total_capped: boolean };
    isFetching: boolean;
    error: unknown;
    refetch(): unknown;
  };
  columns: ColumnDef<BinderRow, unknown>[];
  selection: { selected: Set<string>; onChange(s: Set<string>): void };
  editing: number | "new" | null;
  busy: boolean;
  onCancel(): void;
  /** Each resolves to whether it was saved. */
  onAdd(d: Draft): Promise<boolean>;
  onSave(row: BinderRow, d: Draft): Promise<boolean>;
}) {
  const editor = { selectable: true, busy, onCancel };
  return (
    <div>
      <DataTable
        label={BINDER_TABLE}
        cards
        columns={columns}
        rows={list.data?.rows}
        rowId={(r) => String(r.id)}
        sort={{ by: input.sort_by, dir: input.sort_dir }}
        onSortChange={(s) => set({ sort_by: s.by as BinderSort, sort_dir: s.dir })}
        selection={selection}
        loading={list.isFetching}
        error={list.error ? errorMessage(list.error, "Failed to load the binder.") : null}
        onRetry={() => void list.refetch()}
        emptyText="No binder rows match these filters."
        before={editing === "new" ? <RowEditor {...editor} initial={EMPTY_DRAFT} onSave={onAdd} /> : null}
        rowOverride={(r) =>
          editing === r.id ? (
            <RowEditor {...editor} initial={draftOf(r)} onSave={(d) => onSave(r, d)} />
          ) : null
        }
      />
      <Pager
        page={input.page}
        pageSize={input.page_size}
        total={list.data?.total ?? 0}
        capped={list.data?.total_capped}
        pageSizes={BINDER_PAGE_SIZES}
        onPageChange={(page) => set({ page })}
        onPageSizeChange={(page_size) => set({ page_size })}
      />
    </div>
  );
}
