import { ACTIVITY_PAGE_SIZES, type ActivityEntry, AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from "@shared/users";
import { keepPreviousData } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { DateRange, useOrderedRange } from "@/components/date-range";
import { SearchBox } from "@/components/search-box";
import { NativeSelect } from "@/components/ui/select";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import type { AdminSearch } from "../route";
import { describeChange } from "./activity-model";

const ACTION_LABEL: Record<string, string> = AUDIT_ACTION_LABELS;

/** The account activity log (the audit trail), filtered by who, what and when. */
export function ActivityTab({
  search,
  set,
}: {
  search: AdminSearch;
  set(patch: Partial<AdminSearch>): void;
}) {
  const range = useOrderedRange(search.from, search.to);
  const input = {
    actor: search.actor ?? "",
    // A stale or hand-typed action in the URL falls back to every action.
    action: AUDIT_ACTIONS.find((a) => a === search.action) ?? ("" as const),
    date_from: range.from,
    date_to: range.to,
    page: search.apage ?? 1,
    page_size: 25,
  };
  const activity = trpc.users.activity.useQuery(input, { placeholderData: keepPreviousData });
  const columns = useMemo(activityColumns, []);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox
          label="Filter by who"
          placeholder="Who (email)…"
          value={input.actor}
          onCommit={(v) => set({ actor: v, apage: undefined })}
        />
        <NativeSelect
          aria-label="Filter by action"
          value={input.action}
          onChange={(e) => set({ action: e.target.value || undefined, apage: undefined })}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {ACTION_LABEL[a]}
            </option>
          ))}
        </NativeSelect>
        <DateRange
          from={search.from}
          to={search.to}
          onChange={(r) => set({ from: r.from, to: r.to, apage: undefined })}
        />
      </div>
      <DataTable
        label="Account activity"
        columns={columns}
        rows={activity.data?.rows}
        rowId={(r) => String(r.id)}
        loading={activity.isFetching}
        error={activity.error ? errorMessage(activity.error, "Failed to load activity.") : null}
        onRetry={() => void activity.refetch()}
        emptyText="No activity matches these filters."
      />
      <Pager
        page={input.page}
        pageSize={25}
        total={activity.data?.total ?? 0}
        pageSizes={ACTIVITY_PAGE_SIZES.slice(0, 1)}
        onPageChange={(apage) => set({ apage })}
        onPageSizeChange={() => {}}
      />
    </div>
  );
}

/** When, who, what, what it was done to (an account, a file, a box's work order), and what changed. */
function activityColumns(): ColumnDef<ActivityEntry, unknown>[] {
  return [
    {
      id: "ts",
      header: "When",
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.ts)}</span>
      ),
    },
    { id: "actor", header: "Who", cell: ({ row }) => row.original.actor },
    {
      id: "action",
      header: "What",
      cell: ({ row }) => ACTION_LABEL[row.original.action] ?? row.original.action,
    },
    {
      id: "target",
      header: "Target",
      cell: ({ row }) => <span className="block min-w-40 break-words">{row.original.target}</span>,
    },
    {
      id: "change",
      header: "Change",
      cell: ({ row }) => (
        <span className="block min-w-48 break-words text-muted-foreground">
          {describeChange(row.original)}
        </span>
      ),
    },
  ];
}
