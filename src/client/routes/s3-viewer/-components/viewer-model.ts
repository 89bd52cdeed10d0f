/** The S3 Browser's pure rules (URL state, filters, sort, paging), kept apart from React for unit tests. */
import { STORAGE_DEFAULT_PAGE_SIZE, STORAGE_PAGE_SIZES } from "@shared/storage";
import { z } from "zod";
import { pageParams, sortParams } from "@/lib/list-search";
import { byFolder, byName, byType, type FileRow, searchFiles, sortFiles } from "@/lib/storage-files";

export const VIEWER_SORTS = ["name", "folder", "type"] as const;
export type ViewerSort = (typeof VIEWER_SORTS)[number];
/** The Folder filter's value for files at the root (no key starts with a slash, so it cannot clash). */
export const ROOT_FOLDER = "/";

export const viewerSearch = z.object({
  q: z.string().max(200).optional().catch(undefined),
  folder: z.string().max(1024).optional().catch(undefined),
  type: z.string().max(40).optional().catch(undefined),
  ...sortParams(VIEWER_SORTS),
  ...pageParams(STORAGE_PAGE_SIZES),
});
export type ViewerSearch = z.infer<typeof viewerSearch>;

export const CLEARED_FILTERS: Partial<ViewerSearch> = { q: undefined, folder: undefined, type: undefined };
export const hasFilters = (s: ViewerSearch) => !!(s.q || s.folder || s.type);

export function viewOf(s: ViewerSearch) {
  return {
    q: s.q ?? "",
    folder: s.folder ?? "",
    type: s.type ?? "",
    sort: s.sort ?? ("name" as ViewerSort),
    dir: s.dir ?? ("asc" as const),
    page: s.page ?? 1,
    pageSize: s.page_size ?? STORAGE_DEFAULT_PAGE_SIZE,
  };
}

const COMPARE: Record<ViewerSort, (a: FileRow, b: FileRow) => number> = {
  name: byName,
  folder: byFolder,
  type: byType,
};

export const sortViewer = (rows: readonly FileRow[], sort: ViewerSort, dir: "asc" | "desc") =>
  sortFiles(rows, COMPARE[sort], dir);

/** A folder matches itself and everything under it, so choosing a database shows its subfolders too. */
export function inFolder(row: FileRow, folder: string) {
  if (!folder) return true;
  if (folder === ROOT_FOLDER) return row.folder === "";
  return row.folder === folder || row.folder.startsWith(`${folder}/`);
}

/** Search, Folder and Type over rows already in sort order (filtering keeps the order: no re-sort per keystroke). */
export function filterViewer(
  sorted: readonly FileRow[],
  f: { q: string; folder: string; type: string },
): readonly FileRow[] {
  const searched = searchFiles(sorted, f.q);
  if (!f.folder && !f.type) return searched;
  return searched.filter((r) => inFolder(r, f.folder) && (!f.type || r.ext === f.type));
}

/** Every folder and parent folder present, sorted; the root as ROOT_FOLDER first when some file is there. */
export function folderOptions(rows: readonly FileRow[]): string[] {
  const folders = new Set<string>();
  let root = false;
  for (const r of rows) {
    if (!r.folder) {
      root = true;
      continue;
    }
    if (folders.has(r.folder)) continue;
    let at = r.folder.length;
    // Add the folder and each parent (a/b/c → a/b/c, a/b, a) until one is already known.
    while (at > 0) {
      const f = r.folder.slice(0, at);
      if (folders.has(f)) break;
      folders.add(f);
      at = f.lastIndexOf("/");
    }
  }
  const list = [...folders].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return root ? [ROOT_FOLDER, ...list] : list;
}

/** The extensions present ("" for files without one is left out), sorted. */
export function typeOptions(rows: readonly FileRow[]): string[] {
  return [...new Set(rows.map((r) => r.ext).filter(Boolean))].sort();
}

export { pageOf } from "@/lib/paging";
