import { searchable, totalText } from "@shared/list-total";
import { BINDER_MESSAGES, BINDER_PAGE_SIZES, type BinderRow, type BinderSort } from "@shared/reports-binder";
import { keepPreviousData } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { DownloadIcon, PencilIcon, Trash2Icon, TriangleAlertIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useConfirm } from "@/components/confirm";
import { DataTable } from "@/components/data-table/data-table";
import { ListToolbar } from "@/components/data-table/list-toolbar";
import { Pager } from "@/components/data-table/pager";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { binderColumns } from "@/features/reports-binder/binder-columns";
import { errorMessage } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import { useSearchState } from "@/lib/use-search-state";
import type { BinderSearch } from "../route";
import { BinderFilters } from "./binder-filters";
import { ImportButton } from "./import-dialog";
import { type Draft, EMPTY_DRAFT, RowEditor } from "./row-editor";
import { useRowPlace } from "./row-place";
import { useBinderActions } from "./use-binder-actions";

const draftOf = (r: BinderRow): Draft => ({
  date: r.date,
  work_order: r.work_order,
  engineer_initials: r.engineer_initials,
  billing: r.billing,
  date_sent: r.date_sent,
  pdf_file: r.pdf_file,
});

export function BinderScreen() {
  const [search, set] = useSearchState<BinderSearch>("/reports-binder");
  const confirm = useConfirm();
  const actions = useBinderActions();
  const utils = trpc.useUtils();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const input = {
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
  const list = trpc.reportsBinder.list.useQuery(input, { placeholderData: keepPreviousData });
  const place = useRowPlace(input, set);
  const health = trpc.reportsBinder.health.useQuery(undefined, { refetchInterval: 60_000 });

  // Escape cancels an edit or a new row even when focus has left the editor.
  useEffect(() => {
    if (editing === null) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setEditing(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [editing]);

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
  const exportHref = `/api/reports-binder/export.csv?${new URLSearchParams(
    Object.entries({ ...input, page: undefined, page_size: undefined }).flatMap(([k, v]) =>
      v === undefined || v === "" || v === false ? [] : [[k, String(v)]],
    ),
  )}`;

  const columns: ColumnDef<BinderRow, unknown>[] = [
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
            onClick={() => setEditing(row.original.id)}
          >
            <PencilIcon />
          </Button>
          <Button
            size="icon-sm"
            variant="ghost"
            className="text-destructive"
            aria-label={`Delete ${row.original.work_order}`}
            onClick={() => void askRemove(row.original)}
          >
            <Trash2Icon />
          </Button>
        </span>
      ),
    },
  ];

  /** Close the editor after a successful save; keep it open (with the typed values) after a failure. */
  const closeIf = (saved: boolean) => {
    if (saved) setEditing(null);
    return saved;
  };
  const clean = (d: Draft) => ({ ...d, work_order: d.work_order.trim() });
  return (
    <div className="space-y-4">
      {health.isError && (
        <div className="rounded-lg border border-destructive/40 bg-destructive/10 p-3">
          <ErrorState
            className="items-start"
            message={`${BINDER_MESSAGES.unavailable}: ${errorMessage(health.error, "the binder's health could not be checked.")}`}
            onRetry={() => void health.refetch()}
          />
        </div>
      )}
      {health.data && !health.data.ok && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          <TriangleAlertIcon className="size-4 shrink-0" aria-hidden />
          <span>
            {BINDER_MESSAGES.unavailable} ({health.data.db_path})
            {health.data.error ? `: ${health.data.error}` : ""}
          </span>
        </div>
      )}
      {health.data?.ok && !health.data.db_exists && (
        <div role="status" className="rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
          {BINDER_MESSAGES.notFound}: it is created with the first row you add.
        </div>
      )}
      <BinderFilters
        search={search}
        set={set}
        onReset={() =>
          set({
            q: undefined,
            wo: undefined,
            eng: undefined,
            billing_only: undefined,
            date_from: undefined,
            date_to: undefined,
          })
        }
      />
      <ListToolbar
        newLabel="New row"
        onNew={() => setEditing("new")}
        newDisabled={editing === "new"}
        selected={selected.size}
        busy={actions.busy}
        onDeleteSelected={() => void removeSelected()}
        count={
          list.data
            ? `${totalText(list.data)} result${list.data.total === 1 && !list.data.total_capped ? "" : "s"}`
            : ""
        }
      >
        <Button size="sm" variant="outline" asChild>
          <a href={exportHref} download>
            <DownloadIcon /> Export CSV
          </a>
        </Button>
        <ImportButton onImported={() => void utils.reportsBinder.invalidate()} />
      </ListToolbar>
      <div>
        <DataTable
          label="Reports binder"
          cards
          columns={columns}
          rows={list.data?.rows}
          rowId={(r) => String(r.id)}
          sort={{ by: input.sort_by, dir: input.sort_dir }}
          onSortChange={(s) => set({ sort_by: s.by as BinderSort, sort_dir: s.dir })}
          selection={{ selected, onChange: setSelected }}
          loading={list.isFetching}
          error={list.error ? errorMessage(list.error, "Failed to load the binder.") : null}
          onRetry={() => void list.refetch()}
          emptyText="No binder rows match these filters."
          before={
            editing === "new" ? (
              <RowEditor
                selectable
                initial={EMPTY_DRAFT}
                busy={actions.busy}
                onCancel={() => setEditing(null)}
                onSave={async (d) => closeIf(await actions.add(clean(d), place))}
              />
            ) : null
          }
          rowOverride={(r) =>
            editing === r.id ? (
              <RowEditor
                selectable
                initial={draftOf(r)}
                busy={actions.busy}
                onCancel={() => setEditing(null)}
                onSave={async (d) => closeIf(await actions.save(r.id, clean(d), place))}
              />
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
    </div>
  );
}
