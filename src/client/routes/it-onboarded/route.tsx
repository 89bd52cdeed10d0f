import { ADMIN_PAGE_SIZES, type OnboardedUser } from "@shared/users";
import { createFileRoute } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { AccountsScreen, useAccountList } from "@/components/accounts-screen";
import { RoleBadge } from "@/components/role-badge";
import type { CsvColumn } from "@/lib/csv";
import { formatDateTime } from "@/lib/format";
import { listSearch } from "@/lib/list-search";
import { trpc } from "@/lib/trpc";

export const Route = createFileRoute("/it-onboarded")({
  // The search schema alone: the route table is in the first bundle, the screen loads with the route.
  validateSearch: listSearch(ADMIN_PAGE_SIZES),
  component: Onboarded,
});

const SOURCE: Record<string, string> = {
  register: "Registered",
  "sign-in": "First sign-in",
  seed: "Demo seed",
  cli: "Command line",
};

const COLUMNS: ColumnDef<OnboardedUser, unknown>[] = [
  {
    id: "email",
    header: "Email",
    cell: ({ row }) => <span className="font-medium">{row.original.email}</span>,
  },
  { id: "name", header: "Name", cell: ({ row }) => row.original.name },
  {
    id: "role",
    header: "Role",
    cell: ({ row }) => <RoleBadge role={row.original.role} />,
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => (row.original.status === "active" ? "Active" : "Removed"),
  },
  {
    id: "created",
    header: "Added",
    cell: ({ row }) => <span className="tabular-nums">{formatDateTime(row.original.createdAt)}</span>,
  },
  {
    id: "first",
    header: "First sign-in",
    cell: ({ row }) => (
      <span className="tabular-nums">
        {row.original.firstSignInAt ? formatDateTime(row.original.firstSignInAt) : "Not yet"}
      </span>
    ),
  },
  {
    id: "by",
    header: "Registered by",
    cell: ({ row }) => row.original.registeredBy ?? SOURCE[row.original.source] ?? row.original.source,
  },
];

const CSV_COLUMNS: CsvColumn<OnboardedUser>[] = [
  { header: "Email", value: (r) => r.email },
  { header: "Name", value: (r) => r.name },
  { header: "Role", value: (r) => r.role },
  { header: "Status", value: (r) => r.status },
  { header: "Added", value: (r) => r.createdAt },
  { header: "First sign-in", value: (r) => r.firstSignInAt },
  { header: "Registered by", value: (r) => r.registeredBy ?? r.source },
];

function Onboarded() {
  const utils = trpc.useUtils();
  const view = useAccountList("/it-onboarded", { dates: true });
  const list = trpc.users.onboarded.useQuery(view.input, view.options);
  return (
    <AccountsScreen
      view={view}
      list={list}
      exportRows={() => utils.users.exportOnboarded.fetch(view.input)}
      columns={COLUMNS}
      csv={{ name: "onboarded", columns: CSV_COLUMNS }}
      texts={{
        search: "Search onboarded accounts",
        placeholder: "Search email, name, registered by…",
        table: "Onboarded accounts",
        empty: "No accounts were added in this period.",
      }}
    />
  );
}
