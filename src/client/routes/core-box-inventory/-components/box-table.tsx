import { CORE_BOX_PAGE_SIZES, type CoreBoxRow } from "@shared/core-boxes";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import {
  type BoxSearch,
  type Draft,
  draftOf,
  EMPTY_DRAFT,
  hasFilters,
  type listInputOf,
} from "@/features/core-boxes/box-model";
import { errorMessage } from "@/lib/api";
import { BoxEditor } from "./box-editor";
import type { BoxList } from "./use-box-list";

/** The box table's accessible name. */
export const BOX_TABLE = "Core boxes";

/** The box table and its pager: a new box's editor above the rows, an edited box's editor in its row. */
export function BoxTable({
  search,
  set,
  input,
  boxes,
  columns,
  selection,
  editing,
  editor,
  onAdd,
  onSave,
}: {
  search: BoxSearch;
  set: (patch: Partial<BoxSearch>) => void;
  input: ReturnType<typeof listInputOf>;
  boxes: BoxList;
  columns: ColumnDef<CoreBoxRow, unknown>[];
  selection: { selected: Set<string>; onChange(s: Set<string>): void };
  editing: number | "new" | null;
  editor: { expiryMonths: number; islands: readonly string[]; busy: boolean; onCancel(): void };
  /** Each resolves to the error to show, or null when saved. */
  onAdd(d: Draft): Promise<string | null>;
  onSave(box: CoreBoxRow, d: Draft): Promise<string | null>;
}) {
  const { list } = boxes;
  return (
    <div>
      <DataTable
        label={BOX_TABLE}
        cards
        columns={columns}
        rows={list.data?.rows}
        rowId={(r) => r.work_order}
        sort={{ by: input.sort_by, dir: input.sort_dir }}
        onSortChange={(s) => set({ sort_by: s.by as BoxSearch["sort_by"], sort_dir: s.dir })}
        selection={selection}
        loading={list.isFetching}
        error={list.error ? errorMessage(list.error, "Failed to load the core boxes.") : null}
        onRetry={() => void list.refetch()}
        emptyText={hasFilters(search) ? "No core boxes match these filters." : "No core boxes yet."}
        rowClassName={(r) => (r.status === "Expired" ? "bg-destructive/[0.03]" : undefined)}
        before={
          editing === "new" ? (
            <BoxEditor {...editor} label="New box" initial={EMPTY_DRAFT} onSave={onAdd} />
          ) : null
        }
        rowOverride={(r) =>
          editing === r.id ? (
            <BoxEditor
              {...editor}
              label={`Edit ${r.work_order}`}
              initial={draftOf(r)}
              onSave={(d) => onSave(r, d)}
            />
          ) : null
        }
      />
      <Pager
        page={input.page}
        pageSize={input.page_size}
        total={boxes.total}
        capped={boxes.capped}
        pageSizes={CORE_BOX_PAGE_SIZES}
        onPageChange={(page) => set({ page })}
        onPageSizeChange={(page_size) => set({ page_size })}
      />
    </div>
  );
}
