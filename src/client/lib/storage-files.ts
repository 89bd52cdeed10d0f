/**
 * The storage listing as both storage screens use it: each object once, with everything a search or a sort needs
 * worked out when the listing arrives (folded text, natural sort keys, parsed dates), so typing in the search box
 * or flipping a sort over 20,000 files never recomputes per row.
 */
import { dbTitle } from "@shared/documents";
import { STORAGE_TEXTS } from "@shared/storage";
import { baseName, compareKeys, extensionOf, topFolder } from "@shared/storage-keys";
import { compareText, fold, naturalKey, searchTerms } from "@shared/text-keys";

export interface FileRow {
  key: string;
  url: string;
  name: string;
  /** The folder part of the key ("" at the root). */
  folder: string;
  /** The first path segment ("" at the root): the database a file belongs to. */
  top: string;
  /** Lower-case, "" when none. */
  ext: string;
  size: number | null;
  /** ISO date-time, null when the listing had none. */
  modified: string | null;
  time: number;
  /** Folded "key\n(root)" text for search. */
  hay: string;
  /** Folded file name, for a search over names only. */
  nameHay: string;
  nameKey: string;
  folderKey: string;
}

interface Listed {
  Key: string;
  url: string;
  Size?: number;
  LastModified?: string;
}

/**
 * A folder as the screens name it: a database's folder (`field_operations.db/…`) by the database's one display
 * name (dbTitle, as Ask AI and the Index Manager show it), its subfolders and any other folder as they are.
 */
export function folderLabel(folder: string): string {
  if (!folder) return STORAGE_TEXTS.rootGroup;
  const top = topFolder(`${folder}/`);
  return /\.db$/i.test(top) ? `${dbTitle({ name: top })}${folder.slice(top.length)}` : folder;
}

export function toFileRows(files: readonly Listed[]): FileRow[] {
  return files.map((f) => {
    const cut = f.Key.lastIndexOf("/");
    const folder = cut === -1 ? "" : f.Key.slice(0, cut);
    const name = baseName(f.Key);
    const time = f.LastModified ? Date.parse(f.LastModified) : Number.NaN;
    return {
      key: f.Key,
      url: f.url,
      name,
      folder,
      top: topFolder(f.Key),
      ext: extensionOf(f.Key),
      size: typeof f.Size === "number" ? f.Size : null,
      modified: f.LastModified ?? null,
      time: Number.isNaN(time) ? 0 : time,
      // The folder as shown is searched too: "field operations" finds what is listed under that name.
      hay: fold(`${f.Key}\n${folderLabel(folder)}`),
      nameHay: fold(name),
      nameKey: naturalKey(name),
      folderKey: naturalKey(folder),
    };
  });
}

/**
 * Every word must appear in the key (which holds the name and the folder), or only in the file name with
 * `in: "name"`; "" matches everything. Filtering keeps the order, so sorted rows stay sorted.
 */
export function searchFiles(
  rows: readonly FileRow[],
  query: string,
  opts: { in?: "key" | "name" } = {},
): readonly FileRow[] {
  const terms = searchTerms(query);
  if (!terms.length) return rows;
  const field = opts.in === "name" ? "nameHay" : "hay";
  return rows.filter((r) => terms.every((t) => r[field].includes(t)));
}

/** A sorted copy; ties fall back to the key in the store's own order, so the result never depends on input order. */
export function sortFiles(
  rows: readonly FileRow[],
  compare: (a: FileRow, b: FileRow) => number,
  dir: "asc" | "desc",
): FileRow[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a, b) || compareKeys(a.key, b.key));
}

export const byName = (a: FileRow, b: FileRow) => compareText(a.nameKey, b.nameKey);
export const byFolder = (a: FileRow, b: FileRow) => compareText(a.folderKey, b.folderKey) || byName(a, b);
export const byType = (a: FileRow, b: FileRow) => compareText(a.ext, b.ext) || byName(a, b);
export const bySize = (a: FileRow, b: FileRow) => (a.size ?? -1) - (b.size ?? -1) || byName(a, b);
export const byModified = (a: FileRow, b: FileRow) => a.time - b.time || byName(a, b);
