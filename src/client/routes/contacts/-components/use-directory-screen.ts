import {
  COLUMN_KEYS,
  COLUMNS_STORAGE_KEY,
  type ColumnKey,
  type Contact,
  DEFAULT_VISIBLE_COLUMNS,
  DIRECTORY_COLUMNS,
  SOURCE_LABELS,
  type SourceOption,
  searchAndSort,
} from "@shared/directory";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm";
import { errorMessage } from "@/lib/api";
import { dateStamp, downloadText, toCsv } from "@/lib/csv";
import { trpc } from "@/lib/trpc";
import { useLocalStorage } from "@/lib/use-local-storage";
import { useSearchState } from "@/lib/use-search-state";
import type { DirectorySearch } from "./directory-search";
import { useDirectory } from "./use-directory";

const isColumnList = (v: unknown) =>
  Array.isArray(v) && v.length > 0 && v.every((k) => (COLUMN_KEYS as unknown[]).includes(k));

/**
 * The directory screen's state: the people loaded (useDirectory), those the search matches in the chosen sort,
 * the page of them shown, and the columns the person chose (kept in local storage).
 */
export function useDirectoryScreen() {
  const [search, set] = useSearchState<DirectorySearch>("/contacts");
  const source = search.source ?? "both";
  const dir = useDirectory(source);
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

  return {
    search,
    set,
    source,
    dir,
    portal: dir.mode === "portal",
    setTyped,
    query,
    sort: { by: sortBy, dir: sortDir },
    matches,
    columns: { visible, setVisible, resetVisible },
    page,
    pageSize,
    rows,
  };
}

/** Adding, editing, importing and deleting the portal's own contacts; `refresh` reloads the list after each. */
export function useContactActions(refresh: () => void) {
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<{ editing: Contact | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = trpc.directory.removeContact.useMutation({
    onSuccess: () => {
      toast.success("Contact deleted.", { duration: 3000 });
      refresh();
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
  return { dialog, setDialog, importing, setImporting, askRemove };
}

/** The people that match, with the visible columns, as a CSV download. */
export function exportDirectoryCsv(matches: Contact[], visible: ColumnKey[]) {
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
}

/** Each source shown, with how much it has loaded and its 'Load more'. */
export function loadMoreSources(source: SourceOption, dir: ReturnType<typeof useDirectory>) {
  return [
    ...(source === "both" ? [{ label: "Directory", q: dir.directory }] : []),
    { label: "My Contacts", q: dir.contacts },
  ].map(({ label, q }) => ({
    label,
    loaded: q.data?.pages.reduce((n, p) => n + p.people.length, 0) ?? 0,
    hasMore: !!q.hasNextPage,
    loading: q.isFetchingNextPage,
    onLoad: () => void q.fetchNextPage(),
  }));
}

/** What the table says when no row shows: no match, no contacts yet, or an empty directory. */
export function emptyText(query: string, source: SourceOption, portal: boolean) {
  if (query.trim()) return "No people match your search.";
  if (source === "contacts") return portal ? "No contacts yet. Add one with Add Contact." : "No contacts.";
  return "The directory is empty.";
}
