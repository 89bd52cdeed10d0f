import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
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
  files: ListedObject[];
  dirs: string[];
}

/**
 * A cached view of every object under the local root, so that listing 20,000 files costs one stat per folder
 * instead of one per file. A folder is re-read when its modification time changes (which covers files added,
 * removed or renamed by anyone, the portal or not) and whenever the portal itself wrote into it. Like git's
 * "racy" index entries, a folder read within SETTLE_MS of its last change is re-read next time, because a change
 * within the same timestamp tick would not move its mtime. A file rewritten in place (not renamed) by another
 * program keeps its old size here until its folder changes; the portal itself only ever renames.
 */
const SETTLE_MS = 2000;

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
      out.sort((a, b) => compareKeys(a.key, b.key));
      this.sorted = out;
    }
    return this.sorted;
  }

  /** Bring one folder (and below) up to date; true when anything was re-read. */
  private async visit(rel: string, seen: Set<string>): Promise<boolean> {
    const abs = rel ? join(this.root, rel) : this.root;
    const readAt = Date.now();
    let st: Awaited<ReturnType<typeof stat>>;
    try {
      st = await stat(abs, { bigint: true });
    } catch {
      return this.dirs.delete(rel);
    }
    if (!st.isDirectory()) return this.dirs.delete(rel);
    seen.add(rel);
    const stamp = `${st.mtimeNs}:${st.ino}`;
    let entry = this.dirs.get(rel);
    let changed = false;
    if (!entry || entry.stamp !== stamp || !entry.settled) {
      // The stamp is taken before reading, so a change during the read shows up as a new stamp next time.
      const settled = readAt - Number(st.mtimeMs) > SETTLE_MS;
      entry = { stamp, settled, ...(await this.readDir(abs, rel)) };
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
    const pending: Promise<ListedObject | null>[] = [];
    for (const e of entries) {
      const key = rel ? `${rel}/${e.name}` : e.name;
      // Names no key could produce (made outside the portal) are left out: they could not be fetched by key.
      const check = checkKey(key);
      if (!check.ok || check.key !== key) continue;
      // Symbolic links are never followed: they could point outside the root.
      if (e.isDirectory()) dirs.push(key);
      else if (e.isFile()) pending.push(statFile(join(abs, e.name), key));
    }
    const files = (await Promise.all(pending)).filter((f): f is ListedObject => f !== null);
    return { files, dirs };
  }
}

async function statFile(path: string, key: string): Promise<ListedObject | null> {
  try {
    const s = await stat(path);
    return { key, size: s.size, lastModified: s.mtime };
  } catch {
    return null; // removed while we listed
  }
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
