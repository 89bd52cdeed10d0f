import { CORE_BOX_PAGE_SIZES, type CoreBoxRow, DEFAULT_EXPIRY_MONTHS, ISLANDS } from "@shared/core-boxes";
import { totalText } from "@shared/list-total";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useConfirm } from "@/components/confirm";
import { DataTable } from "@/components/data-table/data-table";
import { ListToolbar } from "@/components/data-table/list-toolbar";
import { Pager } from "@/components/data-table/pager";
import { Screen } from "@/components/screen";
import { boxColumns } from "@/features/core-boxes/box-columns";
import {
  type BoxSearch,
  createInputOf,
  draftOf,
  EMPTY_DRAFT,
  hasFilters,
  listInputOf,
  patchOf,
  plural,
} from "@/features/core-boxes/box-model";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import { useSearchState } from "@/lib/use-search-state";
import { BoxEditor } from "./box-editor";
import { BoxFilters } from "./box-filters";
import { HeaderActions, SkippedNotice } from "./box-toolbar";
import { HistoryDrawer } from "./history-drawer";
import { useBoxActions } from "./use-box-actions";

/** The Core Inventory screen: filters, the box table with inline editing, removal with Undo, history. */
export function BoxScreen() {
  const [search, set] = useSearchState<BoxSearch>("/core-box-inventory");
  const input = listInputOf(search);
  const confirm = useConfirm();
  const actions = useBoxActions();
  const utils = trpc.useUtils();
  const list = trpc.coreBoxes.list.useQuery(input, { placeholderData: keepPreviousData });
  const years = trpc.coreBoxes.years.useQuery();
  const islands = trpc.coreBoxes.islands.useQuery();
  const settings = trpc.coreBoxes.settings.useQuery();
  const months = settings.data?.expiry_months ?? DEFAULT_EXPIRY_MONTHS;
  const islandChoices = useMemo(
    () => [...new Set([...ISLANDS, ...(islands.data?.islands ?? [])])].sort(),
    [islands.data],
  );

  // Selection is by work order (unique among boxes in storage, and what the checkbox's label reads).
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [skipped, setSkipped] = useState<string[] | null>(null);
  const view = JSON.stringify(input);
  // A new page or filter shows other rows: never delete boxes the person can no longer see.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the view changes
  useEffect(() => setSelected(new Set()), [view]);

  // Escape cancels an edit or a new row even when focus has left the editor.
  useEffect(() => {
    if (editing === null) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setEditing(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [editing]);

  // Removing the last boxes of the last page: step back to the page that now is the last.
  const total = list.data?.total ?? 0;
  const capped = list.data?.total_capped ?? false;
  const countText = capped
    ? `${totalText({ total, total_capped: true })} boxes`
    : plural(total, "box", "boxes");
  useEffect(() => {
    if (list.data && list.data.rows.length === 0 && total > 0 && input.page > 1)
      set({ page: Math.ceil(total / input.page_size) });
  }, [list.data, total, input.page, input.page_size, set]);

  const rows = list.data?.rows;
  const selectedRows = (rows ?? []).filter((r) => selected.has(r.work_order));

  const askDelete = async (box: CoreBoxRow) => {
    const ok = await confirm({
      title: "Confirm removal",
      description: `Remove ${box.work_order}${box.project ? ` (${box.project})` : ""} from storage? You can undo it from the notice that follows, or restore it from the history.`,
      confirmLabel: "Remove",
      destructive: true,
    });
    if (ok) await actions.removeOne(box);
  };
  const askDumpAndRemove = async (box: CoreBoxRow) => {
    const ok = await confirm({
      title: "Mark Dumped & Remove",
      description:
        box.keep_or_dump === "Dump"
          ? `Remove ${box.work_order} from storage? It is already marked Dump.`
          : `Mark ${box.work_order} as Dump (it is marked ${box.keep_or_dump}) and remove it from storage? Undo puts it back as ${box.keep_or_dump}.`,
      confirmLabel: "Mark Dumped & Remove",
      destructive: true,
    });
    if (ok) await actions.dumpAndRemove(box);
  };
  const deleteSelected = async () => {
    const notDump = selectedRows.filter((r) => r.keep_or_dump !== "Dump");
    const dump = selectedRows.length - notDump.length;
    // Nothing would be removed: no question to ask, the server's answer says why each was skipped.
    const ok =
      dump === 0 ||
      (await confirm({
        title: "Confirm removal",
        description: (
          <>
            <p>Remove {plural(dump, "box", "boxes")} marked Dump from storage?</p>
            {notDump.length > 0 && (
              <p className="mt-2">
                Only boxes marked Dump can be removed, so {plural(notDump.length, "box", "boxes")} will be
                skipped: {notDump.map((r) => `${r.work_order} (${r.keep_or_dump})`).join(", ")}.
              </p>
            )}
          </>
        ),
        confirmLabel: "Remove",
        destructive: true,
      }));
    if (!ok) return;
    const lines = await actions.removeSelected(selectedRows.map((r) => r.id));
    if (lines) {
      setSkipped(lines.length ? lines : null);
      setSelected(new Set());
    }
  };

  const columns = boxColumns({
    busy: actions.busy,
    onEdit: (box) => setEditing(box.id),
    onDumpAndRemove: (box) => void askDumpAndRemove(box),
    onDelete: (box) => void askDelete(box),
  });
  const editorProps = {
    expiryMonths: months,
    islands: islandChoices,
    busy: actions.busy,
    onCancel: () => setEditing(null),
  };
  const closeIfSaved = (error: string | null) => {
    if (error === null) setEditing(null);
    return error;
  };

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
        <BoxFilters
          search={search}
          set={set}
          islands={islands.data?.islands ?? []}
          years={years.data?.years ?? []}
        />
        <ListToolbar
          newLabel="New"
          onNew={() => setEditing("new")}
          newDisabled={editing === "new"}
          selected={selected.size}
          busy={actions.busy}
          onDeleteSelected={() => void deleteSelected()}
          count={
            list.data
              ? `${countText}${hasFilters(search) ? (total === 1 && !capped ? " matches" : " match") : ""}`
              : ""
          }
        />
        {skipped && <SkippedNotice lines={skipped} onDismiss={() => setSkipped(null)} />}
        <div>
          <DataTable
            label="Core boxes"
            cards
            columns={columns}
            rows={rows}
            rowId={(r) => r.work_order}
            sort={{ by: input.sort_by, dir: input.sort_dir }}
            onSortChange={(s) => set({ sort_by: s.by as BoxSearch["sort_by"], sort_dir: s.dir })}
            selection={{ selected, onChange: setSelected }}
            loading={list.isFetching}
            error={list.error ? errorMessage(list.error, "Failed to load the core boxes.") : null}
            onRetry={() => void list.refetch()}
            emptyText={hasFilters(search) ? "No core boxes match these filters." : "No core boxes yet."}
            rowClassName={(r) => (r.status === "Expired" ? "bg-destructive/[0.03]" : undefined)}
            before={
              editing === "new" ? (
                <BoxEditor
                  {...editorProps}
                  label="New box"
                  initial={EMPTY_DRAFT}
                  onSave={async (d) => closeIfSaved(await actions.add(createInputOf(d)))}
                />
              ) : null
            }
            rowOverride={(r) =>
              editing === r.id ? (
                <BoxEditor
                  {...editorProps}
                  label={`Edit ${r.work_order}`}
                  initial={draftOf(r)}
                  onSave={async (d) => closeIfSaved(await actions.save(r, patchOf(r, d)))}
                />
              ) : null
            }
          />
          <Pager
            page={input.page}
            pageSize={input.page_size}
            total={total}
            capped={capped}
            pageSizes={CORE_BOX_PAGE_SIZES}
            onPageChange={(page) => set({ page })}
            onPageSizeChange={(page_size) => set({ page_size })}
          />
        </div>
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
