/** The Database Explorer's pure rules (URL state, database list, file filters, sort, CSV), unit-tested. */
import { type DocDb, type DocFile, displayDbName } from "@shared/documents";
import { STORAGE_DEFAULT_PAGE_SIZE, STORAGE_PAGE_SIZES } from "@shared/storage";
import { fold, searchTerms } from "@shared/text-keys";
import { z } from "zod";
import { visibleDbs } from "@/lib/doc-dbs";
import { absoluteUrl } from "@/lib/file-links";
import { pageParams, sortParams } from "@/lib/list-search";
import { byName, byType, type FileRow, searchFiles, sortFiles, toFileRows } from "@/lib/storage-files";

export const EXPLORER_SORTS = ["name", "type"] as const;
export type ExplorerSort = (typeof EXPLORER_SORTS)[number];
export const EXPLORER_PAGE_SIZES = STORAGE_PAGE_SIZES;

/**
 * A text search param. The router reads `?q=2024` as the number 2024 (it JSON-parses values), so numbers are
 * taken back as text rather than dropped.
 */
const text = (max: number) =>
  z
    .preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().max(max))
    .optional()
    .catch(undefined);

export const explorerSearch = z.object({
  db: text(80),
  q: text(200),
  type: text(40),
  ...sortParams(EXPLORER_SORTS),
  ...pageParams(EXPLORER_PAGE_SIZES),
});
export type ExplorerSearch = z.infer<typeof explorerSearch>;

export function explorerViewOf(s: ExplorerSearch) {
  return {
    db: s.db ?? "",
    q: s.q ?? "",
    type: s.type ?? "",
    sort: s.sort ?? ("name" as ExplorerSort),
    dir: s.dir ?? ("asc" as const),
    page: s.page ?? 1,
    pageSize: s.page_size ?? STORAGE_DEFAULT_PAGE_SIZE,
  };
}

/**
 * Clicking a database selects it (search, type, sort back to name ascending, page 1) or, when it is the one
 * selected, deselects it. The page size is kept: it is a preference, not a filter.
 */
export function selectDb(current: string, clicked: string): Partial<ExplorerSearch> {
  return {
    db: current === clicked ? undefined : clicked,
    q: undefined,
    type: undefined,
    sort: undefined,
    dir: undefined,
    page: undefined,
  };
}

/** The databases listed (internal ones hidden), filtered by 'Search databases...' over name and display name. */
export function listDbs(dbs: readonly DocDb[], q: string): DocDb[] {
  const terms = searchTerms(q);
  const shown = visibleDbs(dbs);
  if (!terms.length) return shown;
  return shown.filter((d) => {
    const hay = fold(`${d.name}\n${displayDbName(d.name)}\n${d.title}`);
    return terms.every((t) => hay.includes(t));
  });
}

/** A database's files as rows (the storage screens' row shape, so search and sort are shared). */
export function toDocRows(db: string, files: readonly DocFile[]): FileRow[] {
  return toFileRows(files.map((f) => ({ Key: f.key || `${db}/${f.fileName}`, url: f.url ?? "" })));
}

export const sortDocRows = (rows: readonly FileRow[], sort: ExplorerSort, dir: "asc" | "desc") =>
  sortFiles(rows, sort === "type" ? byType : byName, dir);

/** File-name search and type filter over sorted rows (the order is kept). */
export function filterDocRows(
  sorted: readonly FileRow[],
  f: { q: string; type: string },
): readonly FileRow[] {
  const searched = searchFiles(sorted, f.q, { in: "name" });
  return f.type ? searched.filter((r) => r.ext === f.type) : searched;
}

/** The extensions present, lower-case and sorted (shown upper-cased after 'All Types'). */
export const typeOptions = (rows: readonly FileRow[]) =>
  [...new Set(rows.map((r) => r.ext).filter(Boolean))].sort();

/** Export CSV: the rows shown (all pages), columns Database, Filename, Type, URL. */
export const CSV_COLUMNS: { header: string; value(r: { db: string; row: FileRow }): string }[] = [
  { header: "Database", value: (r) => r.db },
  { header: "Filename", value: (r) => r.row.name },
  { header: "Type", value: (r) => r.row.ext },
  { header: "URL", value: (r) => (r.row.url ? absoluteUrl(r.row.url) : "") },
];

export const csvFileName = (db: string) => `${db}_files.csv`;
