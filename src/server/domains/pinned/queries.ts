/** The pinned_pages table for one owner and one list: read, put, drop and trim (service.ts holds the rules). */
import type { PinnedPage } from "@shared/pinned";
import { and, asc, count, desc, eq, max, notInArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { type PINNED_LISTS, pinnedPages as p } from "../../db/schema";

export type PinnedList = (typeof PINNED_LISTS)[number];
type Entry = Omit<PinnedPage, "timestamp">;

const mine = (owner: string, list: PinnedList) => and(eq(p.owner, owner), eq(p.list, list));

/** The list's entries: newest first (recents, work orders) or oldest first (favorites, in the order starred). */
export async function readList(
  db: DbOrTx,
  owner: string,
  list: PinnedList,
  order: "newest" | "oldest",
): Promise<PinnedPage[]> {
  const rows = await db
    .select()
    .from(p)
    .where(mine(owner, list))
    .orderBy(order === "newest" ? desc(p.at) : asc(p.at), asc(p.path));
  return rows.map((r) => ({ path: r.path, name: r.name, parent: r.parent, timestamp: r.at.getTime() }));
}

export async function hasEntry(db: DbOrTx, owner: string, list: PinnedList, path: string): Promise<boolean> {
  const [row] = await db
    .select({ path: p.path })
    .from(p)
    .where(and(mine(owner, list), eq(p.path, path)))
    .limit(1);
  return !!row;
}

/** The newest entry's time in ms (0 for an empty list). */
export async function latestAt(db: DbOrTx, owner: string, list: PinnedList): Promise<number> {
  const [row] = await db
    .select({ at: max(p.at) })
    .from(p)
    .where(mine(owner, list));
  return row?.at ? row.at.getTime() : 0;
}

export async function countList(db: DbOrTx, owner: string, list: PinnedList): Promise<number> {
  const [row] = await db.select({ n: count() }).from(p).where(mine(owner, list));
  return Number(row?.n ?? 0);
}

/** Put the entry in the list at `at` (a path already there moves to `at`). */
export async function putEntry(db: DbOrTx, owner: string, list: PinnedList, entry: Entry, at: Date) {
  await db
    .insert(p)
    .values({ owner, list, ...entry, at })
    .onConflictDoUpdate({
      target: [p.owner, p.list, p.path],
      set: { name: entry.name, parent: entry.parent, at },
    });
}

/** Put the entry only when the path is not in the list yet (an import never moves what is there). */
export async function addEntryIfMissing(db: DbOrTx, owner: string, list: PinnedList, entry: Entry, at: Date) {
  await db
    .insert(p)
    .values({ owner, list, ...entry, at })
    .onConflictDoNothing();
}

export async function dropEntry(db: DbOrTx, owner: string, list: PinnedList, path: string) {
  await db.delete(p).where(and(mine(owner, list), eq(p.path, path)));
}

/** Keep the `keep` newest entries of the list; older ones go. */
export async function trimList(db: DbOrTx, owner: string, list: PinnedList, keep: number) {
  const newest = db
    .select({ path: p.path })
    .from(p)
    .where(mine(owner, list))
    .orderBy(desc(p.at), asc(p.path))
    .limit(keep);
  await db.delete(p).where(and(mine(owner, list), notInArray(p.path, newest)));
}
