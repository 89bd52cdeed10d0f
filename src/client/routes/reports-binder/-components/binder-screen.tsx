import { searchable, totalText } from "@shared/list-total";
import type { BinderRow } from "@shared/reports-binder";
import { keepPreviousData } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { useConfirm } from "@/components/confirm";
import { ListToolbar } from "@/components/data-table/list-toolbar";
import { useOrderedRange } from "@/components/date-range";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";
import { useRowEditing } from "@/lib/use-row-editing";
import { useSearchState } from "@/lib/use-search-state";
import type { BinderSearch } from "../route";
import { BinderFilters } from "./binder-filters";
import { BinderHealth } from "./binder-health";
import { BINDER_TABLE, BinderTable, columnsWithActions } from "./binder-table";
import { ImportButton } from "./import-dialog";
import type { Draft } from "./row-editor";
import { useRowPlace } from "./row-place";
import { useBinderActions } from "./use-binder-actions";

/** The Reports Binder screen: its health, filters, the rows with inline editing, removal with Undo, CSV. */
export function BinderScreen() {
  const [search, set] = useSearchState<BinderSearch>("/reports-binder");
  const actions = useBinderActions();
  const utils = trpc.useUtils();
  const { editing, setEditing, closeSaved } = useRowEditing(BINDER_TABLE);
  const range = useOrderedRange(search.date_from, search.date_to);
  const input = listInputOf({ ...search, date_from: range.from, date_to: range.to });
  const list = trpc.reportsBinder.list.useQuery(input, { placeholderData: keepPreviousData });
  const place = useRowPlace(input, set);
  const removal = useBinderRemoval(actions);
  const columns = columnsWithActions(
    (row) => setEditing(row.id),
    (row) => void removal.askRemove(row),
  );

  /** Close the editor after a successful save; keep it open (with the typed values) after a failure. */
  const closeIf = (saved: boolean) => {
    if (saved) closeSaved();
    return saved;
  };
  const clean = (d: Draft) => ({ ...d, work_order: d.work_order.trim() });
  const count = list.data
    ? `${totalText(list.data)} result${list.data.total === 1 && !list.data.total_capped ? "" : "s"}`
    : "";
  return (
    <div className="space-y-4">
      <BinderHealth />
      <BinderFilters search={search} set={set} onReset={() => set(NO_FILTERS)} />
      <ListToolbar
        newLabel="New row"
        onNew={() => setEditing("new")}
        newDisabled={editing === "new"}
        selected={removal.selected.size}
        busy={actions.busy}
        onDeleteSelected={() => void removal.removeSelected()}
        count={count}
      >
        <Button size="sm" variant="outline" asChild>
          <a href={exportHrefOf(input)} download>
            <DownloadIcon /> Export CSV
          </a>
        </Button>
        <ImportButton onImported={() => void utils.reportsBinder.invalidate()} />
      </ListToolbar>
      <BinderTable
        input={input}
        set={set}
        list={list}
        columns={columns}
        selection={{ selected: removal.selected, onChange: removal.setSelected }}
        editing={editing}
        busy={actions.busy}
        onCancel={() => setEditing(null)}
        onAdd={async (d) => closeIf(await actions.add(clean(d), place))}
        onSave={async (r, d) => closeIf(await actions.save(r.id, clean(d), place))}
      />
    </div>
  );
}

const NO_FILTERS: Partial<BinderSearch> = {
  q: undefined,
  wo: undefined,
  eng: undefined,
  billing_only: undefined,
  date_from: undefined,
  date_to: undefined,
};

/** The list the search asks for, with its defaults. */
function listInputOf(search: BinderSearch) {
  return {
    q: searchable(search.q) ?? "",
    wo: search.wo ?? "",
    eng: search.eng ?? "",
    billing_only: search.billing_only ?? false,
    date_from: search.date_from,
    date_to: search.date_to,
    sort_by: search.sort_by ?? "date",
    sort_dir: search.sort_dir ?? "desc",
    page: search.page ?? 1,
    page_size: search.page_size ?? 25,
  } as const;
}

/** The CSV export of every row the filters match (not only the page in view). */
function exportHrefOf(input: ReturnType<typeof listInputOf>) {
  return `/api/reports-binder/export.csv?${new URLSearchParams(
    Object.entries({ ...input, page: undefined, page_size: undefined }).flatMap(([k, v]) =>
      v === undefined || v === "" || v === false ? [] : [[k, String(v)]],
    ),
  )}`;
}

/** The selected rows (by id) and removing them, or one row, each asked first. */
function useBinderRemoval(actions: ReturnType<typeof useBinderActions>) {
  const confirm = useConfirm();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const askRemove = async (row: BinderRow) => {
    const ok = await confirm({
      title: "Confirm removal",
      description: `Remove ${row.work_order}${row.pdf_file ? ` (${row.pdf_file})` : ""} from the binder? You can undo it from the notice that follows.`,
      confirmLabel: "Remove",
      destructive: true,
    });
    if (ok) await actions.removeOne(row.id, row.work_order);
  };
  const removeSelected = async () => {
    const ids = [...selected].map(Number);
    const ok = await confirm({
      title: "Confirm removal",
      description: `Remove ${ids.length} selected row(s) from the binder?`,
      confirmLabel: "Remove",
      destructive: true,
    });
    if (!ok) return;
    await actions.removeMany(ids);
    setSelected(new Set());
  };
  return { selected, setSelected, askRemove, removeSelected };
}
