/** The S3 Uploader's pure rules (URL state, sort, groups, Move/Rename, upload settings), unit-tested. */
import {
  DEFAULT_INDEX_MODE,
  type IndexMode,
  keepsPdfExtension,
  STORAGE_DEFAULT_PAGE_SIZE,
  STORAGE_MESSAGES,
  STORAGE_PAGE_SIZES,
} from "@shared/storage";
import { checkKey, collapseSlashes, topFolder } from "@shared/storage-keys";
import { compareText, naturalKey } from "@shared/text-keys";
import { z } from "zod";
import { byModified, byName, bySize, type FileRow, folderLabel, sortFiles } from "@/lib/storage-files";

export const ADMIN_SORTS = ["name", "modified", "size"] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];
export const ADMIN_SORT_LABELS: Record<AdminSort, string> = {
  name: "Name",
  modified: "Modified",
  size: "Size",
};

export const adminSearch = z.object({
  q: z.string().max(200).optional().catch(undefined),
  sort: z.enum(ADMIN_SORTS).optional().catch(undefined),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page_size: z.coerce
    .number()
    .refine((n) => (STORAGE_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
});
export type AdminSearch = z.infer<typeof adminSearch>;

export function adminViewOf(s: AdminSearch) {
  return {
    q: s.q ?? "",
    sort: s.sort ?? ("name" as AdminSort),
    dir: s.dir ?? ("asc" as const),
    pageSize: s.page_size ?? STORAGE_DEFAULT_PAGE_SIZE,
  };
}

const COMPARE: Record<AdminSort, (a: FileRow, b: FileRow) => number> = {
  name: byName,
  modified: byModified,
  size: bySize,
};

export const sortAdmin = (rows: readonly FileRow[], sort: AdminSort, dir: "asc" | "desc") =>
  sortFiles(rows, COMPARE[sort], dir);

export interface FileGroup {
  /** The top folder, "" for files at the root. */
  folder: string;
  label: string;
  rows: FileRow[];
}

/**
 * Files grouped by top folder ('(root)' first, then folders in natural order); each group keeps the order of
 * `sorted`, so grouping never re-sorts.
 */
export function groupFiles(sorted: readonly FileRow[]): FileGroup[] {
  const groups = new Map<string, FileRow[]>();
  for (const r of sorted) {
    const list = groups.get(r.top);
    if (list) list.push(r);
    else groups.set(r.top, [r]);
  }
  return [...groups.entries()]
    .map(([folder, rows]) => ({
      folder,
      label: folderLabel(folder),
      rows,
      k: naturalKey(folder),
    }))
    .sort((a, b) => (a.folder === "" ? -1 : b.folder === "" ? 1 : compareText(a.k, b.k)))
    .map(({ k: _k, ...g }) => g);
}

/** The top folders present (the databases files can be uploaded into), in natural order. */
export function topFolders(keys: Iterable<string>): string[] {
  const set = new Set<string>();
  for (const k of keys) {
    const t = topFolder(k);
    if (t) set.add(t);
  }
  return [...set].sort((a, b) => compareText(naturalKey(a), naturalKey(b)));
}

/** The settings above the drop zone, captured with each queued file. */
export interface UploadSettings {
  db: string;
  prefix: string;
  mode: IndexMode;
  index: boolean;
}
export const DEFAULT_SETTINGS: UploadSettings = { db: "", prefix: "", mode: DEFAULT_INDEX_MODE, index: true };

/** Where a file will be stored, as the server builds it: `<db>/<prefix>/<name>` with slashes collapsed. */
export function destinationOf(s: Pick<UploadSettings, "db" | "prefix">, name: string) {
  return collapseSlashes([s.db.trim(), s.prefix.trim(), name].filter(Boolean).join("/"));
}

/** The multipart fields of POST /api/s3/upload, text first so the file can stream straight into the store. */
export function uploadFields(s: UploadSettings, user: string): [string, string][] {
  return [
    ["db_name", s.db.trim()],
    ["prefix", s.prefix.trim()],
    ["index", s.index ? "1" : "0"],
    ["mode", s.mode],
    ["user", user],
  ];
}

export type MovePlan = { kind: "none" } | { kind: "error"; message: string } | { kind: "move"; dst: string };

/**
 * What Move/Rename does with the typed path: a name alone renames the file in its folder; repeated slashes
 * collapsed; nothing when it is empty or unchanged (the spec). A path the server's key rules refuse (`..`,
 * control or invisible characters, `\`…), another top folder or a PDF losing its .pdf is explained in the dialog,
 * without asking it.
 */
export function planMove(src: string, typed: string): MovePlan {
  const path = collapseSlashes(typed.trim());
  const folder = src.includes("/") ? src.slice(0, src.lastIndexOf("/") + 1) : "";
  const wanted = path && !typed.includes("/") ? folder + path : path;
  if (!wanted || wanted === src) return { kind: "none" };
  const key = checkKey(wanted);
  if (!key.ok) return { kind: "error", message: STORAGE_MESSAGES.moveInvalid(key.reason) };
  const dst = key.key;
  if (dst === src) return { kind: "none" };
  if (topFolder(dst) !== topFolder(src))
    return { kind: "error", message: STORAGE_MESSAGES.moveAcrossFolders(topFolder(src)) };
  if (!keepsPdfExtension(src, dst)) return { kind: "error", message: STORAGE_MESSAGES.movePdfExtension };
  return { kind: "move", dst };
}
