import {
  COLUMN_KEYS,
  COLUMNS_STORAGE_KEY,
  type ColumnKey,
  type Contact,
  DEFAULT_VISIBLE_COLUMNS,
  DIRECTORY_COLUMNS,
  DIRECTORY_PAGE_SIZES,
  SOURCE_LABELS,
  SOURCE_OPTIONS,
  searchAndSort,
} from "@shared/directory";
import { can } from "@shared/permissions";
import { createFileRoute } from "@tanstack/react-router";
import { DownloadIcon, RefreshCwIcon, UploadIcon, UserPlusIcon } from "lucide-react";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { z } from "zod";
import { useConfirm } from "@/components/confirm";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { Screen } from "@/components/screen";
import { SearchBox } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/select";
import { errorMessage } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { dateStamp, downloadText, toCsv } from "@/lib/csv";
import { trpc } from "@/lib/trpc";
import { useLocalStorage } from "@/lib/use-local-storage";
import { useSearchState } from "@/lib/use-search-state";
import { ColumnMenu } from "./-components/column-menu";
import { ContactDialog } from "./-components/contact-dialog";
import { directoryColumns } from "./-components/directory-columns";
import { ImportDialog } from "./-components/import-dialog";
import { LoadMore } from "./-components/load-more";
import { useDirectory } from "./-components/use-directory";

const directorySearch = z.object({
  source: z.enum(["both", "contacts"]).optional().catch(undefined),
  q: z.string().max(200).optional().catch(undefined),
  sort_by: z
    .enum(COLUMN_KEYS as [ColumnKey, ...ColumnKey[]])
    .optional()
    .catch(undefined),
  sort_dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  page_size: z.coerce
    .number()
    .refine((n) => (DIRECTORY_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
});
type DirectorySearch = z.infer<typeof directorySearch>;

export const Route = createFileRoute("/contacts")({ validateSearch: directorySearch, component: Directory });

const isColumnList = (v: unknown) =>
  Array.isArray(v) && v.length > 0 && v.every((k) => (COLUMN_KEYS as unknown[]).includes(k));

function Directory() {
  const { me } = useAuth();
  const confirm = useConfirm();
  const [search, set] = useSearchState<DirectorySearch>("/contacts");
  const source = search.source ?? "both";
  const dir = useDirectory(source);
  const portal = dir.mode === "portal";
  // The box filters on every keystroke (in the browser); the URL follows once typing pauses.
  const [typed, setTyped] = useState(search.q ?? "");
  useEffect(() => setTyped(search.q ?? ""), [search.q]);
  const query = useDeferredValue(typed);
  const sortBy = search.sort_by ?? "name";
  const sortDir = search.sort_dir ?? "asc";
  const matches = useMemo(
    () => searchAndSort(dir.people, query, { by: sortBy, dir: sortDir }),
    [dir.people, query, sortBy, sortDir],
  );
  const [visible, setVisible, resetVisible] = useLocalStorage<ColumnKey[]>(
    COLUMNS_STORAGE_KEY,
    DEFAULT_VISIBLE_COLUMNS,
    isColumnList,
  );
  const pageSize = search.page_size ?? 50;
  const pages = Math.max(1, Math.ceil(matches.length / pageSize));
  const page = Math.min(search.page ?? 1, pages);
  const rows = matches.slice((page - 1) * pageSize, page * pageSize);

  const [dialog, setDialog] = useState<{ editing: Contact | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = trpc.directory.removeContact.useMutation({
    onSuccess: () => {
      toast.success("Contact deleted.", { duration: 3000 });
      void dir.refresh();
    },
    onError: (err) => toast.error(errorMessage(err, "Failed to delete the contact.")),
  });
  const askRemove = async (c: Contact) => {
    const ok = await confirm({
      title: `Delete ${c.name || "this contact"}?`,
      description: "It is removed from your contacts. This cannot be undone.",
      confirmLabel: "Delete",
      destructive: true,
    });
    if (ok) remove.mutate({ id: Number(c.id.slice(1)) });
  };

  const columns = directoryColumns({
    visible,
    showSource: source === "both",
    actions: portal
      ? { edit: (c) => setDialog({ editing: c }), remove: (c) => void askRemove(c) }
      : undefined,
  });
  const exportCsv = () => {
    const shown = DIRECTORY_COLUMNS.filter((c) => visible.includes(c.key));
    downloadText(
      `directory-${dateStamp()}.csv`,
      toCsv(
        matches,
        shown.map((c) => ({
          header: c.label,
          value: (p: Contact) => (c.key === "source" ? SOURCE_LABELS[p.source] : p[c.key]),
        })),
      ),
    );
  };
  const loadMore = [
    ...(source === "both" ? [{ label: "Directory", q: dir.directory }] : []),
    { label: "My Contacts", q: dir.contacts },
  ].map(({ label, q }) => ({
    label,
    loaded: q.data?.pages.reduce((n, p) => n + p.people.length, 0) ?? 0,
    hasMore: !!q.hasNextPage,
    loading: q.isFetchingNextPage,
    onLoad: () => void q.fetchNextPage(),
  }));

  return (
    <Screen
      path="/contacts"
      actions={
        <>
          {portal && (
            <Button variant="outline" size="sm" onClick={() => setDialog({ editing: null })}>
              <UserPlusIcon /> Add Contact
            </Button>
          )}
          {portal && can(me, "directory.import") && (
            <Button variant="outline" size="sm" onClick={() => setImporting(true)}>
              <UploadIcon /> Import CSV
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <SearchBox
            label="Search the directory"
            placeholder="Search people…"
            value={search.q ?? ""}
            onType={setTyped}
            onCommit={(q) => set({ q })}
          />
          <NativeSelect
            aria-label="Source"
            value={source}
            onChange={(e) => set({ source: e.target.value === "both" ? undefined : "contacts" })}
          >
            {SOURCE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => void dir.refresh()} disabled={dir.fetching}>
              <RefreshCwIcon className={dir.fetching ? "animate-spin" : undefined} /> Refresh
            </Button>
            <Button variant="outline" size="sm" onClick={exportCsv} disabled={matches.length === 0}>
              <DownloadIcon /> Export CSV
            </Button>
            <ColumnMenu visible={visible} onChange={setVisible} onReset={resetVisible} />
          </div>
        </div>
        <LoadMore sources={loadMore} />
        <div>
          <DataTable
            label="People"
            cards
            columns={columns}
            rows={dir.loading ? undefined : rows}
            rowId={(r) => r.id}
            sort={{ by: sortBy, dir: sortDir }}
            onSortChange={(s) => set({ sort_by: s.by as ColumnKey, sort_dir: s.dir })}
            loading={dir.loading}
            error={dir.error ? errorMessage(dir.error, "Failed to load the directory.") : null}
            onRetry={() => void dir.refresh()}
            emptyText={
              query.trim()
                ? "No people match your search."
                : source === "contacts"
                  ? portal
                    ? "No contacts yet. Add one with Add Contact."
                    : "No contacts."
                  : "The directory is empty."
            }
          />
          <Pager
            page={page}
            pageSize={pageSize}
            total={matches.length}
            pageSizes={DIRECTORY_PAGE_SIZES}
            onPageChange={(p) => set({ page: p })}
            onPageSizeChange={(page_size) => set({ page_size })}
          />
        </div>
      </div>
      {portal && (
        <ContactDialog
          open={!!dialog}
          editing={dialog?.editing ?? null}
          onOpenChange={(open) => !open && setDialog(null)}
          onSaved={() => void dir.refresh()}
        />
      )}
      {portal && (
        <ImportDialog open={importing} onOpenChange={setImporting} onImported={() => void dir.refresh()} />
      )}
    </Screen>
  );
}
