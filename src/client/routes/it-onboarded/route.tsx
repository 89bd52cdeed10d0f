import { can } from "@shared/permissions";
import { ADMIN_PAGE_SIZES, type OnboardedUser } from "@shared/users";
import { keepPreviousData } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import type { ColumnDef } from "@tanstack/react-table";
import { DownloadIcon } from "lucide-react";
import { useMemo } from "react";
import { toast } from "sonner";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { DateRange } from "@/components/date-range";
import { RoleBadge } from "@/components/role-badge";
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

export const Route = createFileRoute("/it-onboarded")({ validateSearch: search, component: Onboarded });

const SOURCE: Record<string, string> = {
  register: "Registered",
  "sign-in": "First sign-in",
  seed: "Demo seed",
  cli: "Command line",
};

function Onboarded() {
  const [s, set] = useSearchState<Search>("/it-onboarded");
  const utils = trpc.useUtils();
  const input = {
    q: s.q ?? "",
    date_from: s.from,
    date_to: s.to,
    page: s.page ?? 1,
    page_size: s.page_size ?? 25,
  };
  const { me } = useAuth();
  // The screen shows Users its "Admins and Owners only" notice: nothing to ask the server for them.
  const list = trpc.users.onboarded.useQuery(input, {
    placeholderData: keepPreviousData,
    enabled: can(me ?? null, "admin.view"),
  });
  const columns = useMemo<ColumnDef<OnboardedUser, unknown>[]>(
    () => [
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
    ],
    [],
  );
  const exportCsv = async () => {
    try {
      const all = await utils.users.exportOnboarded.fetch(input);
      downloadText(
        `onboarded-${dateStamp()}.csv`,
        toCsv(all.rows, [
          { header: "Email", value: (r) => r.email },
          { header: "Name", value: (r) => r.name },
          { header: "Role", value: (r) => r.role },
          { header: "Status", value: (r) => r.status },
          { header: "Added", value: (r) => r.createdAt },
          { header: "First sign-in", value: (r) => r.firstSignInAt },
          { header: "Registered by", value: (r) => r.registeredBy ?? r.source },
        ]),
      );
    } catch (err) {
      toast.error(errorMessage(err, "Export failed."));
    }
  };
  return (
    <Screen
      path="/it-onboarded"
      actions={
        <Button variant="outline" size="sm" onClick={() => void exportCsv()}>
          <DownloadIcon /> Export CSV
        </Button>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <SearchBox
          label="Search onboarded accounts"
          placeholder="Search email, name, registered by…"
          shortPlaceholder="Search accounts…"
          value={input.q}
          onCommit={(q) => set({ q })}
        />
        <DateRange from={s.from} to={s.to} onChange={(r) => set({ from: r.from, to: r.to })} />
      </div>
      <DataTable
        label="Onboarded accounts"
        columns={columns}
        rows={list.data?.rows}
        rowId={(r) => r.email}
        loading={list.isFetching}
        error={list.error ? errorMessage(list.error, "Failed to load accounts.") : null}
        onRetry={() => void list.refetch()}
        emptyText="No accounts were added in this period."
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
