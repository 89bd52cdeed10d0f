import { can } from "@shared/permissions";
import { ADMIN_PAGE_SIZES, type TerminatedUser } from "@shared/users";
import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { DownloadIcon, UndoIcon } from "lucide-react";
import { useMemo } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { Screen } from "@/components/screen";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { dateStamp, downloadText, toCsv } from "@/lib/csv";
import { formatDateTime } from "@/lib/format";
import { listSearch } from "@/lib/list-search";
import { trpc } from "@/lib/trpc";
import { useSearchState } from "@/lib/use-search-state";

const search = listSearch(ADMIN_PAGE_SIZES);
type Search = ReturnType<typeof search.parse>;

export const Route = createFileRoute("/it-terminated")({ validateSearch: search, component: Terminated });

function Terminated() {
  const { me } = useAuth();
  const confirm = useConfirm();
  const [s, set] = useSearchState<Search>("/it-terminated");
  const utils = trpc.useUtils();
  const input = { q: s.q ?? "", page: s.page ?? 1, page_size: s.page_size ?? 25 };
  // The screen shows Users its "Admins and Owners only" notice: nothing to ask the server for them.
  const list = trpc.users.terminated.useQuery(input, {
    placeholderData: keepPreviousData,
    enabled: can(me ?? null, "admin.view"),
  });
  const reinstate = trpc.users.reinstate.useMutation({
    onSuccess: (r) => {
      toast.success(`${r.email} is active again as ${r.role}.`, { duration: 3000 });
      void utils.users.invalidate();
    },
    onError: (err) => toast.error(errorMessage(err, "Failed to reinstate the account.")),
  });
  const mayReinstate = can(me, "users.reinstate");

  const columns = useMemo<ColumnDef<TerminatedUser, unknown>[]>(
    () => [
      {
        id: "email",
        header: "Email",
        cell: ({ row }) => <span className="font-medium">{row.original.email}</span>,
      },
      { id: "role", header: "Role at removal", cell: ({ row }) => row.original.roleAtRemoval ?? "—" },
      {
        id: "at",
        header: "Removed at",
        cell: ({ row }) => <span className="tabular-nums">{formatDateTime(row.original.deactivatedAt)}</span>,
      },
      { id: "by", header: "Removed by", cell: ({ row }) => row.original.deactivatedBy ?? "—" },
      {
        id: "actions",
        header: "Actions",
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="outline"
            disabled={!mayReinstate || reinstate.isPending}
            title={mayReinstate ? undefined : "Only Owners can reinstate accounts."}
            onClick={async () => {
              const ok = await confirm({
                title: `Reinstate ${row.original.email}?`,
                description: "The account can sign in again straight away.",
                confirmLabel: "Reinstate",
              });
              if (ok) reinstate.mutate({ email: row.original.email });
            }}
          >
            <UndoIcon /> Reinstate
          </Button>
        ),
      },
    ],
    [mayReinstate, reinstate, confirm],
  );
  const exportCsv = async () => {
    try {
      const all = await utils.users.exportTerminated.fetch(input);
      downloadText(
        `terminated-${dateStamp()}.csv`,
        toCsv(all.rows, [
          { header: "Email", value: (r) => r.email },
          { header: "Role at removal", value: (r) => r.roleAtRemoval },
          { header: "Removed at", value: (r) => r.deactivatedAt },
          { header: "Removed by", value: (r) => r.deactivatedBy },
        ]),
      );
    } catch (err) {
      toast.error(errorMessage(err, "Export failed."));
    }
  };
  return (
    <Screen
      path="/it-terminated"
      actions={
        <Button variant="outline" size="sm" onClick={() => void exportCsv()}>
          <DownloadIcon /> Export CSV
        </Button>
      }
    >
      <div className="mb-4">
        <SearchBox
          label="Search removed accounts"
          placeholder="Search email, name, removed by…"
          shortPlaceholder="Search accounts…"
          value={input.q}
          onCommit={(q) => set({ q })}
        />
      </div>
      <DataTable
        label="Removed accounts"
        columns={columns}
        rows={list.data?.rows}
        rowId={(r) => r.email}
        loading={list.isFetching}
        error={list.error ? errorMessage(list.error, "Failed to load accounts.") : null}
        onRetry={() => void list.refetch()}
        emptyText="No removed accounts."
      />
      <Pager
        page={input.page}
        pageSize={input.page_size}
        total={list.data?.total ?? 0}
        pageSizes={ADMIN_PAGE_SIZES}
        onPageChange={(page) => set({ page })}
        onPageSizeChange={(page_size) => set({ page_size })}
      />
    </Screen>
  );
}
