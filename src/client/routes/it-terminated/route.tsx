import { can } from "@shared/permissions";
import { ADMIN_PAGE_SIZES, type TerminatedUser } from "@shared/users";
import { createFileRoute } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { UndoIcon } from "lucide-react";
import { useMemo } from "react";
import { TemporaryPasswordDialog } from "@/components/account/temporary-password-dialog";
import { AccountsScreen, useAccountList } from "@/components/accounts-screen";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth";
import type { CsvColumn } from "@/lib/csv";
import { formatDateTime } from "@/lib/format";
import { listSearch } from "@/lib/list-search";
import { trpc } from "@/lib/trpc";
import { useReinstate } from "./-components/use-reinstate";

export const Route = createFileRoute("/it-terminated")({
  // The search schema alone: the route table is in the first bundle, the screen loads with the route.
  validateSearch: listSearch(ADMIN_PAGE_SIZES),
  component: Terminated,
});

const CSV_COLUMNS: CsvColumn<TerminatedUser>[] = [
  { header: "Email", value: (r) => r.email },
  { header: "Role at removal", value: (r) => r.roleAtRemoval },
  { header: "Removed at", value: (r) => r.deactivatedAt },
  { header: "Removed by", value: (r) => r.deactivatedBy },
];

function Terminated() {
  const { me } = useAuth();
  const utils = trpc.useUtils();
  const view = useAccountList("/it-terminated");
  const list = trpc.users.terminated.useQuery(view.input, view.options);
  const { issued, clearIssued, pending, ask } = useReinstate();
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
            disabled={!mayReinstate || pending}
            title={mayReinstate ? undefined : "Only Owners can reinstate accounts."}
            onClick={() => void ask(row.original.email)}
          >
            <UndoIcon /> Reinstate
          </Button>
        ),
      },
    ],
    [mayReinstate, pending, ask],
  );
  return (
    <>
      <AccountsScreen
        view={view}
        list={list}
        exportRows={() => utils.users.exportTerminated.fetch(view.input)}
        columns={columns}
        csv={{ name: "terminated", columns: CSV_COLUMNS }}
        texts={{
          search: "Search removed accounts",
          placeholder: "Search email, name, removed by…",
          table: "Removed accounts",
          empty: "No removed accounts.",
        }}
      />
      <TemporaryPasswordDialog issued={issued} onClose={clearIssued} />
    </>
  );
}
