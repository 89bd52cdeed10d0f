import { useState } from "react";
import { ListToolbar } from "@/components/data-table/list-toolbar";
import { Screen } from "@/components/screen";
import { boxColumns } from "@/features/core-boxes/box-columns";
import {
  type BoxSearch,
  createInputOf,
  type Draft,
  hasFilters,
  listInputOf,
  patchOf,
} from "@/features/core-boxes/box-model";
import { trpc } from "@/lib/trpc";
import { useRowEditing } from "@/lib/use-row-editing";
import { useSearchState } from "@/lib/use-search-state";
import { BoxFilters } from "./box-filters";
import { BOX_TABLE, BoxTable } from "./box-table";
import { HeaderActions, SkippedNotice } from "./box-toolbar";
import { HistoryDrawer } from "./history-drawer";
import { useBoxActions } from "./use-box-actions";
import { useBoxList } from "./use-box-list";
import { useBoxRemoval } from "./use-box-removal";

/** The Core Inventory screen: filters, the box table with inline editing, removal with Undo, history. */
export function BoxScreen() {
  const [search, set] = useSearchState<BoxSearch>("/core-box-inventory");
  const input = listInputOf(search);
  const actions = useBoxActions();
  const utils = trpc.useUtils();
  const boxes = useBoxList(input, set);
  const removal = useBoxRemoval(actions, boxes.list.data?.rows, JSON.stringify(input));
  const { editing, setEditing, closeIfSaved } = useBoxEditing();
  const [historyOpen, setHistoryOpen] = useState(false);
  const { total, capped } = boxes;

  const columns = boxColumns({
    busy: actions.busy,
    onEdit: (box) => setEditing(box.id),
    onDumpAndRemove: (box) => void removal.askDumpAndRemove(box),
    onDelete: (box) => void removal.askDelete(box),
  });
  const editor = {
    expiryMonths: boxes.months,
    islands: boxes.islandChoices,
    busy: actions.busy,
    onCancel: () => setEditing(null),
  };
  const matchText = hasFilters(search) ? (total === 1 && !capped ? " matches" : " match") : "";

  return (
    <Screen
      path="/core-box-inventory"
      actions={
        <HeaderActions
          input={input}
          historyOpen={historyOpen}
          onToggleHistory={() => setHistoryOpen((o) => !o)}
          onImported={() => void utils.coreBoxes.invalidate()}
        />
      }
    >
      <div className="space-y-4">
        <BoxFilters search={search} set={set} islands={boxes.islands} years={boxes.years} />
        <ListToolbar
          newLabel="New"
          onNew={() => setEditing("new")}
          newDisabled={editing === "new"}
          selected={removal.selected.size}
          busy={actions.busy}
          onDeleteSelected={() => void removal.deleteSelected()}
          count={boxes.list.data ? `${boxes.countText}${matchText}` : ""}
        />
        {removal.skipped && (
          <SkippedNotice lines={removal.skipped} onDismiss={() => removal.setSkipped(null)} />
        )}
        <BoxTable
          search={search}
          set={set}
          input={input}
          boxes={boxes}
          columns={columns}
          selection={{ selected: removal.selected, onChange: removal.setSelected }}
          editing={editing}
          editor={editor}
          onAdd={async (d) => closeIfSaved(await actions.add(createInputOf(d)), d)}
          onSave={async (r, d) => closeIfSaved(await actions.save(r, patchOf(r, d)), d)}
        />
        <HistoryDrawer
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          keepOnEscape={editing !== null}
          busy={actions.busy}
          onRestore={(c, before) => void actions.restoreChange(c.id, c.work_order, before)}
        />
      </div>
    </Screen>
  );
}

/** The inline editor, closed when the save succeeded (no error to show). */
function useBoxEditing() {
  const { editing, setEditing, closeSaved } = useRowEditing(BOX_TABLE);
  /** The table keys its rows by work order: focus goes back to the saved box's row by it. */
  const closeIfSaved = (error: string | null, d: Draft) => {
    if (error === null) closeSaved(d.work_order.trim());
    return error;
  };
  return { editing, setEditing, closeIfSaved };
}
