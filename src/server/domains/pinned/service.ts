/**
 * A person's own page lists (favorites, recently used pages, recently opened work orders), `fn(ctx, input)`.
 * The owner is always the signed-in caller (ctx.user), never anything a request names, so one person's lists
 * are out of another's reach. Each list is bounded: recents and work orders keep their newest entries,
 * favorites refuse a new one past their cap. A page the caller may not open is neither recorded nor listed.
 */
import { NOT_FOUND } from "@shared/ocr";
import {
  FAVORITES_LIMIT,
  mayOpen,
  PINNED_TEXTS,
  type PinnedImportInput,
  type PinnedLists,
  type PinnedPage,
  pinnedEntry,
  RECENTS_LIMIT,
  type RecentWorkOrder,
  WORK_ORDERS_LIMIT,
  workOrderOfPath,
} from "@shared/pinned";
import type { DbOrTx } from "../../db/client";
import { conflict } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { lookupWorkOrders } from "../projects/service";
import {
  addEntryIfMissing,
  countList,
  dropEntry,
  hasEntry,
  latestAt,
  type PinnedList,
  putEntry,
  readList,
  trimList,
} from "./queries";

type Entry = Omit<PinnedPage, "timestamp">;

const ownerOf = (ctx: ServiceCtx) => ctx.user.email.trim().toLowerCase();
/** Only the pages the caller may open now (a role may have changed since the page was kept). */
const openable = (ctx: ServiceCtx, pages: PinnedPage[]) => pages.filter((p) => mayOpen(ctx.user, p.path));

export async function myPinnedPages(ctx: ServiceCtx): Promise<PinnedLists> {
  const owner = ownerOf(ctx);
  const [favorites, recents] = await Promise.all([
    readList(ctx.db, owner, "favorite", "oldest"),
    readList(ctx.db, owner, "recent", "newest"),
  ]);
  return { favorites: openable(ctx, favorites), recents: openable(ctx, recents) };
}

/** Star or unstar a page; a new star past FAVORITES_LIMIT is refused (409) saying so. */
export async function toggleFavorite(
  ctx: ServiceCtx,
  { path: entry }: { path: Entry },
): Promise<PinnedLists & { favorite: boolean }> {
  const owner = ownerOf(ctx);
  // A page the caller may not open is never starred (the dashboard greys it out; nothing to keep).
  if (!mayOpen(ctx.user, entry.path)) return { favorite: false, ...(await myPinnedPages(ctx)) };
  const favorite = await ctx.db.transaction(async (tx) => {
    if (await hasEntry(tx, owner, "favorite", entry.path)) {
      await dropEntry(tx, owner, "favorite", entry.path);
      return false;
    }
    if ((await countList(tx, owner, "favorite")) >= FAVORITES_LIMIT)
      throw conflict(PINNED_TEXTS.favoritesFull);
    await putEntry(tx, owner, "favorite", entry, ctx.now());
    return true;
  });
  return { favorite, ...(await myPinnedPages(ctx)) };
}

/**
 * Put the entry first in a newest-first list and keep that list's cap. Its time is after every other entry's,
 * even when two visits fall in one millisecond, so the order is the order of the visits.
 */
async function pushNewest(tx: DbOrTx, owner: string, list: PinnedList, entry: Entry, at: Date, cap: number) {
  const latest = await latestAt(tx, owner, list);
  await putEntry(tx, owner, list, entry, new Date(Math.max(at.getTime(), latest + 1)));
  await trimList(tx, owner, list, cap);
}

/**
 * The caller opened a page: it goes first in Recently Used (the dashboard itself does not), and a work order's
 * page also first in the work orders list. A page the caller may not open is not recorded.
 */
export async function recordVisit(ctx: ServiceCtx, { path: entry }: { path: Entry }): Promise<PinnedLists> {
  if (entry.path !== "/" && mayOpen(ctx.user, entry.path)) {
    const owner = ownerOf(ctx);
    const at = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await pushNewest(tx, owner, "recent", entry, at, RECENTS_LIMIT);
      if (workOrderOfPath(entry.path))
        await pushNewest(tx, owner, "work_order", entry, at, WORK_ORDERS_LIMIT);
    });
  }
  return myPinnedPages(ctx);
}

/**
 * The lists this browser kept before they moved to the server, merged in once: paths the portal does not know
 * (or the caller may not open) are dropped, what the server holds already stays as it is, and the caps hold.
 */
export async function importOldLists(ctx: ServiceCtx, input: PinnedImportInput): Promise<PinnedLists> {
  const owner = ownerOf(ctx);
  const now = ctx.now().getTime();
  const known = (list: { path: string; timestamp?: number }[]) =>
    list.flatMap((e) => {
      const entry = pinnedEntry(e.path);
      if (!entry || !mayOpen(ctx.user, entry.path)) return [];
      return [{ entry, at: new Date(Math.min(Math.max(e.timestamp ?? 0, 0), now)) }];
    });
  await ctx.db.transaction(async (tx) => {
    let room = FAVORITES_LIMIT - (await countList(tx, owner, "favorite"));
    // Stars come after those the server holds, in the browser's order.
    for (const [i, { entry }] of known(input.favorites).entries()) {
      if (room <= 0 || (await hasEntry(tx, owner, "favorite", entry.path))) continue;
      await addEntryIfMissing(tx, owner, "favorite", entry, new Date(now + i));
      room--;
    }
    for (const { entry, at } of known(input.recents).filter((r) => r.entry.path !== "/")) {
      await addEntryIfMissing(tx, owner, "recent", entry, at);
      if (workOrderOfPath(entry.path)) await addEntryIfMissing(tx, owner, "work_order", entry, at);
    }
    await trimList(tx, owner, "recent", RECENTS_LIMIT);
    await trimList(tx, owner, "work_order", WORK_ORDERS_LIMIT);
  });
  return myPinnedPages(ctx);
}

/** The caller's recently opened work orders, newest first, each with its client and project from the register. */
export async function recentWorkOrders(ctx: ServiceCtx): Promise<{ work_orders: RecentWorkOrder[] }> {
  const pages = await readList(ctx.db, ownerOf(ctx), "work_order", "newest");
  const kept = pages.flatMap((p) => {
    const wo = workOrderOfPath(p.path);
    return wo ? [{ wo, page: p }] : [];
  });
  const matches = await lookupWorkOrders(
    ctx.db,
    kept.map((k) => k.wo),
  );
  return {
    work_orders: kept.map(({ wo, page }, i) => {
      const m = matches[i];
      const inRegister = !!m && m.project_wo !== NOT_FOUND;
      return {
        work_order: wo,
        path: page.path,
        opened_at: page.timestamp,
        client: inRegister ? m!.client : "",
        project: inRegister ? m!.project : "",
        in_register: inRegister,
      };
    }),
  };
}
