import { checkRoleChange, isRowLocked, ROLE_MEANING, ROLES, type Role } from "@shared/permissions";
import {
  ADMIN_ERRORS,
  ADMIN_PAGE_SIZES,
  type AdminUser,
  type BulkOutcome,
  ROLE_FILTERS,
} from "@shared/users";
import { keepPreviousData } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { DownloadIcon, LockIcon, RefreshCwIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { RoleBadge } from "@/components/role-badge";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/select";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { dateStamp, downloadText, toCsv } from "@/lib/csv";
import { trpc } from "@/lib/trpc";
import type { AdminSearch } from "../route";
import { AccountActionButtons, useAccountActions } from "./account-actions";
import { BulkBar } from "./bulk-bar";
import { DemoPasswordBanner } from "./demo-password-banner";
import { RegisterForm } from "./register-form";
import { RoleCounts } from "./role-counts";

interface TabProps {
  search: AdminSearch;
  set(patch: Partial<AdminSearch>): void;
}

export function UsersTab({ search, set }: TabProps) {
  const { me } = useAuth();
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [refusals, setRefusals] = useState<BulkOutcome[]>([]);
  const input = {
    q: search.q ?? "",
    role: search.role ?? "All",
    sort_by: search.sort_by ?? "role",
    sort_dir: search.sort_dir ?? "asc",
    page: search.page ?? 1,
    page_size: search.page_size ?? 25,
  } as const;
  const list = trpc.users.list.useQuery(input, { placeholderData: keepPreviousData });
  const counts = trpc.users.counts.useQuery();
  const refresh = () => utils.users.invalidate();

  const setRole = trpc.users.setRole.useMutation({
    onSuccess: (r) => {
      toast.success(`${r.email} is now ${r.role}.`, { duration: 3000 });
      void refresh();
    },
    onError: (err) => toast.error(errorMessage(err, ADMIN_ERRORS.updateRole)),
  });
  const actions = useAccountActions(() => void refresh());

  // A role decides what a person can do: the change is confirmed first (the select shows the role until then).
  const askRole = async (user: AdminUser, role: Role) => {
    const ok = await confirm({
      title: `Make ${user.email} ${role === "Admin" || role === "Owner" ? "an" : "a"} ${role}?`,
      description: `${user.name || user.email} is ${user.role} now. ${ROLE_MEANING[role]}`,
      confirmLabel: `Make ${role}`,
    });
    if (ok) setRole.mutate({ email: user.email, role });
  };

  // Rebuilt each render: the cells close over the current mutations and signed-in user.
  const columns: ColumnDef<AdminUser, unknown>[] = [
    {
      id: "email",
      header: "Email",
      meta: { sortKey: "email" },
      cell: ({ row }) => (
        <div className="min-w-0">
          <div className="flex items-center gap-1.5 font-medium">
            {row.original.email}
            {isRowLocked(me, row.original) && (
              <LockIcon
                className="size-3.5 text-muted-foreground"
                aria-label="Locked: you cannot change this account"
              />
            )}
          </div>
          {row.original.name && <div className="text-xs text-muted-foreground">{row.original.name}</div>}
        </div>
      ),
    },
    {
      id: "role",
      header: "Role",
      meta: { sortKey: "role" },
      cell: ({ row }) => <RoleBadge role={row.original.role} superOwner={row.original.isSuperOwner} />,
    },
    {
      id: "change",
      header: "Change Role",
      cell: ({ row }) => {
        const user = row.original;
        const allowed = ROLES.filter((r) => r === user.role || checkRoleChange(me, user, r).ok);
        return (
          <NativeSelect
            aria-label={`Change role of ${user.email}`}
            value={user.role}
            disabled={allowed.length <= 1 || setRole.isPending}
            onChange={(e) => void askRole(user, e.target.value as Role)}
            className="h-8"
          >
            {allowed.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect>
        );
      },
    },
    {
      id: "actions",
      header: "Actions",
      cell: ({ row }) => <AccountActionButtons user={row.original} me={me} actions={actions} />,
    },
  ];

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
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox
          label="Search accounts"
          placeholder="Search email or name…"
          value={search.q ?? ""}
          onCommit={(v) => set({ q: v })}
        />
        <NativeSelect
          aria-label="Role filter"
          value={input.role}
          onChange={(e) => set({ role: e.target.value === "All" ? undefined : (e.target.value as Role) })}
        >
          {ROLE_FILTERS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </NativeSelect>
        <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={list.isFetching}>
          <RefreshCwIcon className={list.isFetching ? "animate-spin" : undefined} /> Refresh
        </Button>
        <Button variant="outline" size="sm" onClick={() => void exportCsv()}>
          <DownloadIcon /> Export CSV
        </Button>
        <div className="ml-auto">
          <RegisterForm onRegistered={() => void refresh()} />
        </div>
      </div>
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
      {refusals.length > 0 && (
        <div role="alert" className="rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
          <div className="mb-1 flex items-center justify-between">
            <p className="font-medium">{refusals.length} account(s) were not changed:</p>
            <Button variant="ghost" size="xs" onClick={() => setRefusals([])}>
              Dismiss
            </Button>
          </div>
          <ul className="list-disc pl-5">
            {refusals.map((r) => (
              <li key={r.email}>
                {r.email}: {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <DataTable
          label="Accounts"
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
