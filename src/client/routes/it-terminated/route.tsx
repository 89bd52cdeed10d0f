import { can } from "@shared/permissions";
import { ADMIN_PAGE_SIZES, type TerminatedUser } from "@shared/users";
import { createFileRoute } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { UndoIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { type IssuedPassword, TemporaryPasswordDialog } from "@/components/account/temporary-password-dialog";
import { AccountsScreen, useAccountList } from "@/components/accounts-screen";
import { useConfirm } from "@/components/confirm";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import type { CsvColumn } from "@/lib/csv";
import { formatDateTime } from "@/lib/format";
import { listSearch } from "@/lib/list-search";
import { trpc } from "@/lib/trpc";

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
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const view = useAccountList("/it-terminated");
  const list = trpc.users.terminated.useQuery(view.input, view.options);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const reinstate = trpc.users.reinstate.useMutation({
    onSuccess: (r) => {
      // With local accounts the person comes back with a temporary password, shown to the Owner once.
      if (r.temporary_password) {
        setIssued({
          title: `${r.email} is active again as ${r.role}`,
          password: r.temporary_password,
          howToSignIn: r.sign_in ?? "",
        });
      } else toast.success(`${r.email} is active again as ${r.role}.`, { duration: 3000 });
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
      <TemporaryPasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
