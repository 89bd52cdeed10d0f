import type { Role } from "@shared/permissions";
import { type BulkOutcome, ROLE_FILTERS } from "@shared/users";
import { DownloadIcon, RefreshCwIcon } from "lucide-react";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/select";
import type { AdminSearch } from "../route";
import { RegisterForm } from "./register-form";

/** Search, the role filter, refresh, CSV export and registering an account. */
export function UsersToolbar({
  search,
  set,
  fetching,
  onRefresh,
  onExport,
}: {
  search: AdminSearch;
  set(patch: Partial<AdminSearch>): void;
  fetching: boolean;
  onRefresh(): void;
  onExport(): void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchBox
        label="Search accounts"
        placeholder="Search email or name…"
        value={search.q ?? ""}
        onCommit={(v) => set({ q: v })}
      />
      <NativeSelect
        aria-label="Role filter"
        value={search.role ?? "All"}
        onChange={(e) => set({ role: e.target.value === "All" ? undefined : (e.target.value as Role) })}
      >
        {ROLE_FILTERS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </NativeSelect>
      <Button variant="outline" size="sm" onClick={onRefresh} disabled={fetching}>
        <RefreshCwIcon className={fetching ? "animate-spin" : undefined} /> Refresh
      </Button>
      <Button variant="outline" size="sm" onClick={onExport}>
        <DownloadIcon /> Export CSV
      </Button>
      <div className="ml-auto">
        <RegisterForm onRegistered={onRefresh} />
      </div>
    </div>
  );
}

/** The accounts a bulk change left as they were, each with the reason. */
export function RefusalsNotice({ refusals, onDismiss }: { refusals: BulkOutcome[]; onDismiss(): void }) {
  return (
    <div role="alert" className="rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
      <div className="mb-1 flex items-center justify-between">
        <p className="font-medium">{refusals.length} account(s) were not changed:</p>
        <Button variant="ghost" size="xs" onClick={onDismiss}>
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
  );
}
