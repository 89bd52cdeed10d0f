import { type BigIntStats, type Dirent, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { checkKey, compareKeys } from "@shared/storage-keys";

export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

interface CachedDir {
  /** Directory mtime (ns) and inode when it was read: a change to its entries changes the mtime. */
  stamp: string;
  /** False while the read happened so soon after the last change that a later change could share its mtime. */
  settled: boolean;
  readAt: number;
  files: ListedObject[];
  dirs: string[];
}

/**
 * A cached view of every object under the local root, so that listing 20,000 files costs one stat per folder
 * instead of one per file. A folder is re-read when its modification time changes (which covers files added,
 * removed or renamed by anyone, the portal or not) and whenever the portal itself wrote into it. Like git's
 * "racy" index entries, a folder read within SETTLE_MS of its last change is read again (at most every
 * RECHECK_MS, so the pages of one listing share a read) until it settles, because a change within the same
 * timestamp tick would not move its mtime. A file rewritten in place (not renamed) by another
 * program keeps its old size here until its folder changes; the portal itself only ever renames.
 */
const SETTLE_MS = 2000;
const RECHECK_MS = 500;

export class LocalListing {
  private readonly dirs = new Map<string, CachedDir>();
  private sorted: ListedObject[] | null = null;
  private refreshing: Promise<ListedObject[]> | null = null;

  constructor(private readonly root: string) {}

  /** The portal changed this folder (relative path, "" for the root): read it again next time. */
  forget(relDir: string) {
    this.dirs.delete(relDir);
    this.sorted = null;
  }

  /** Every object, sorted by key. Concurrent callers share one refresh. */
  all(): Promise<ListedObject[]> {
    if (!this.refreshing) {
      this.refreshing = this.refresh().finally(() => {
        this.refreshing = null;
      });
    }
    return this.refreshing;
  }

  private async refresh(): Promise<ListedObject[]> {
    const seen = new Set<string>();
    const changed = await this.visit("", seen);
    for (const rel of this.dirs.keys()) {
      if (!seen.has(rel)) {
        this.dirs.delete(rel);
        this.sorted = null;
      }
    }
    if (changed || !this.sorted) {
      const out: ListedObject[] = [];
      for (const rel of seen) for (const f of this.dirs.get(rel)?.files ?? []) out.push(f);
      out.sort(keyOrder(out));
      this.sorted = out;
    }
    return this.sorted;
  }

  /** Bring one folder (and below) up to date; true when anything was re-read. */
  private async visit(rel: string, seen: Set<string>): Promise<boolean> {
    const abs = rel ? join(this.root, rel) : this.root;
    const readAt = Date.now();
    // Synchronous on purpose: a folder's stat takes microseconds, while an awaited one puts the listing at the
    // back of the event loop's queue once per level of folders (under load, behind every other request).
    let st: BigIntStats | undefined;
    try {
      st = statSync(abs, { bigint: true, throwIfNoEntry: false });
    } catch {
      // Not a folder any more, or not ours to enter (ENOTDIR, EACCES…): left out, like a removed one.
      return this.dirs.delete(rel);
    }
    if (!st?.isDirectory()) return this.dirs.delete(rel);
    seen.add(rel);
    const stamp = `${st.mtimeNs}:${st.ino}`;
    let entry = this.dirs.get(rel);
    let changed = false;
    if (!entry || entry.stamp !== stamp || (!entry.settled && readAt - entry.readAt > RECHECK_MS)) {
      // The stamp is taken before reading, so a change during the read shows up as a new stamp next time.
      const settled = readAt - Number(st.mtimeMs) > SETTLE_MS;
      entry = { stamp, settled, readAt, ...(await this.readDir(abs, rel)) };
      this.dirs.set(rel, entry);
      changed = true;
    }
    const sub = await Promise.all(entry.dirs.map((d) => this.visit(d, seen)));
    return changed || sub.some(Boolean);
  }

  private async readDir(abs: string, rel: string): Promise<Pick<CachedDir, "files" | "dirs">> {
    let entries: Dirent[];
    try {
      entries = await readdir(abs, { withFileTypes: true });
    } catch {
      return { files: [], dirs: [] };
    }
    const dirs: string[] = [];
    const files: ListedObject[] = [];
    for (const e of entries) {
      const key = rel ? `${rel}/${e.name}` : e.name;
      // Names no key could produce (made outside the portal) are left out: they could not be fetched by key.
      if (!isKeyAsIs(key, e.name)) continue;
      // Symbolic links are never followed: they could point outside the root.
      if (e.isDirectory()) dirs.push(key);
      else if (e.isFile()) {
        // Synchronous on purpose: 20,000 stat promises cost several times more than the stats themselves
        // (about 3 ms per 1,000 files, one folder at a time, with the event loop free between folders).
        const file = statFile(join(abs, e.name), key);
        if (file) files.push(file);
      }
    }
    return { files, dirs };
  }
}

function statFile(path: string, key: string): ListedObject | null {
  const s = statSync(path, { throwIfNoEntry: false });
  // Missing means removed while we listed.
  return s ? { key, size: s.size, lastModified: s.mtime } : null;
}

/** Plain ASCII names short enough need no full check (the folder part was checked when it was listed). */
const PLAIN_NAME =
  /^[\x21-\x24\x26-\x5b\x5d-\x7e](?:[\x20-\x24\x26-\x5b\x5d-\x7e]{0,253}[\x21-\x24\x26-\x5b\x5d-\x7e])?$/;

function isKeyAsIs(key: string, name: string): boolean {
  if (PLAIN_NAME.test(name) && name !== "." && name !== ".." && key.length <= 1024) return true;
  const check = checkKey(key);
  return check.ok && check.key === key;
}

/**
 * UTF-16 order (`<`) equals S3's code-point order unless both keys differ at characters ≥ U+D800; the plain
 * comparison is several times faster, so use it whenever no key has such a character.
 */
function keyOrder(list: ListedObject[]): (a: ListedObject, b: ListedObject) => number {
  const high = /[\ud800-\uffff]/;
  if (list.some((o) => high.test(o.key))) return (a, b) => compareKeys(a.key, b.key);
  return (a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** Index of the first element for which `before` is false (binary search over a sorted list). */
export function lowerBound<T>(list: T[], before: (item: T) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
