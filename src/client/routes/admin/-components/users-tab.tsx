import { isRowLocked } from "@shared/permissions";
import { ADMIN_PAGE_SIZES, type BulkOutcome } from "@shared/users";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { dateStamp, downloadText, toCsv } from "@/lib/csv";
import { trpc } from "@/lib/trpc";
import type { AdminSearch } from "../route";
import { useAccountActions } from "./account-actions";
import { BulkBar } from "./bulk-bar";
import { DemoPasswordBanner } from "./demo-password-banner";
import { RoleCounts } from "./role-counts";
import { useRoleChange } from "./use-role-change";
import { userColumns } from "./user-columns";
import { RefusalsNotice, UsersToolbar } from "./users-toolbar";

interface TabProps {
  search: AdminSearch;
  set(patch: Partial<AdminSearch>): void;
}

/** The accounts list: counts by role, search and filter, bulk changes, each account's role and actions. */
export function UsersTab({ search, set }: TabProps) {
  const { me } = useAuth();
  const utils = trpc.useUtils();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [refusals, setRefusals] = useState<BulkOutcome[]>([]);
  const input = listInputOf(search);
  const list = trpc.users.list.useQuery(input, { placeholderData: keepPreviousData });
  const counts = trpc.users.counts.useQuery();
  const refresh = () => utils.users.invalidate();
  const roleChange = useRoleChange(() => void refresh());
  const actions = useAccountActions(() => void refresh());
  const columns = userColumns(me, roleChange, actions);

  const exportCsv = async () => {
    try {
      const all = await utils.users.exportList.fetch(input);
      const csv = toCsv(all.rows, [
        { header: "Email", value: (r) => r.email },
        { header: "Name", value: (r) => r.name },
        { header: "Role", value: (r) => r.role },
      ]);
      downloadText(`users-${dateStamp()}.csv`, csv);
    } catch (err) {
      toast.error(errorMessage(err, "Export failed."));
    }
  };

  return (
    <div className="space-y-4">
      <DemoPasswordBanner />
      <RoleCounts counts={counts.data} />
      <UsersToolbar
        search={search}
        set={set}
        fetching={list.isFetching}
        onRefresh={() => void refresh()}
        onExport={() => void exportCsv()}
      />
      {selected.size > 0 && (
        <BulkBar
          selected={selected}
          onDone={(outcomes) => {
            setRefusals(outcomes.filter((o) => !o.ok));
            setSelected(new Set());
            void refresh();
          }}
          onClear={() => setSelected(new Set())}
        />
      )}
      {refusals.length > 0 && <RefusalsNotice refusals={refusals} onDismiss={() => setRefusals([])} />}
      <div>
        <DataTable
          label="Accounts"
          cards
          columns={columns}
          rows={list.data?.rows}
          rowId={(r) => r.email}
          sort={{ by: input.sort_by, dir: input.sort_dir }}
          onSortChange={(s) => set({ sort_by: s.by as "role" | "email", sort_dir: s.dir })}
          selection={{ selected, onChange: setSelected, canSelect: (r) => !isRowLocked(me, r) }}
          loading={list.isFetching}
          error={list.error ? errorMessage(list.error, "Failed to load accounts.") : null}
          onRetry={() => void list.refetch()}
          emptyText="No accounts match these filters."
        />
        {actions.dialog}
        <Pager
          page={input.page}
          pageSize={input.page_size}
          total={list.data?.total ?? 0}
          pageSizes={ADMIN_PAGE_SIZES}
          onPageChange={(page) => set({ page })}
          onPageSizeChange={(page_size) => set({ page_size })}
        />
      </div>
    </div>
  );
}

/** The list the search asks for, with its defaults. */
function listInputOf(search: AdminSearch) {
  return {
    q: search.q ?? "",
    role: search.role ?? "All",
    sort_by: search.sort_by ?? "role",
    sort_dir: search.sort_dir ?? "asc",
    page: search.page ?? 1,
    page_size: search.page_size ?? 25,
  } as const;
}
