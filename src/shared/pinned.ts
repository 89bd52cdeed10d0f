/**
 * A person's own page lists, kept on the server (tRPC `pinned`): favorites, recently used pages and recently
 * opened work orders. The server names every entry from its path (never from what a browser sends), so a path
 * is accepted only when the portal knows it: a screen of the navigation or a work order's page.
 */
import { z } from "zod";
import type { PinnedPage } from "./dashboard";
import { NAV_GROUPS, navItemFor } from "./navigation";
import { type Actor, can } from "./permissions";
import { parseWorkOrder, workOrderPath } from "./work-orders";

export type { PinnedPage } from "./dashboard";
export { RECENTS_LIMIT } from "./dashboard";

/** Favorites one person keeps: more than every screen, so only work order pages can reach it. */
export const FAVORITES_LIMIT = 50;
/** Work orders the Work Orders screen lists as recently opened. */
export const WORK_ORDERS_LIMIT = 20;
/** Entries an import of a browser's old lists reads (the old lists were capped well below). */
export const IMPORT_MAX = 100;

export const PINNED_TEXTS = {
  unknownPath: "That page cannot be kept: only the portal's screens and work order pages can.",
  favoritesFull: `You can keep up to ${FAVORITES_LIMIT} favorites. Remove one first.`,
} as const;

/** A work order page (/work-orders/4321-07A), named by its work order, its path spelled one way. */
function workOrderEntry(path: string): Omit<PinnedPage, "timestamp"> | null {
  const m = /^\/work-orders\/([^/?#]+)\/?$/.exec(path);
  if (!m) return null;
  let text: string;
  try {
    text = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  const ref = parseWorkOrder(text);
  if (!ref) return null;
  const parent = navItemFor("/work-orders")?.name ?? "Work Orders";
  return { path: workOrderPath(ref.work_order), name: `W.O. ${ref.work_order}`, parent };
}

/** The entry a path is kept as (its one spelling, name and group), or null when the portal has no such page. */
export function pinnedEntry(path: string): Omit<PinnedPage, "timestamp"> | null {
  const wo = workOrderEntry(path);
  if (wo) return wo;
  for (const group of NAV_GROUPS) {
    const item = group.items.find((i) => i.path === path);
    if (item) return { path, name: item.name, parent: group.label };
  }
  return null;
}

/** The work order of a kept work order page ("/work-orders/4321-07A" → "4321-07A"), else null. */
export function workOrderOfPath(path: string): string | null {
  const entry = workOrderEntry(path);
  return entry ? entry.name.replace(/^W\.O\. /, "") : null;
}

/** Whether `actor` may open the page at `path`: admin screens are for those who may see the admin pages. */
export function mayOpen(actor: Actor | null | undefined, path: string): boolean {
  return navItemFor(path)?.access !== "admin" || can(actor, "admin.view");
}

/** A path as the procedures take it: one the portal knows, turned into its entry (400 with a sentence otherwise). */
export const pinnedPath = z
  .string({ error: PINNED_TEXTS.unknownPath })
  .max(200, PINNED_TEXTS.unknownPath)
  .transform((path, ctx) => {
    const entry = pinnedEntry(path);
    if (!entry) {
      ctx.addIssue({ code: "custom", message: PINNED_TEXTS.unknownPath });
      return z.NEVER;
    }
    return entry;
  });

export const pinnedPathInput = z.object({ path: pinnedPath });
export type PinnedPathInput = z.infer<typeof pinnedPathInput>;

/** A browser's old lists (localStorage), imported once: unknown paths are dropped, not refused. */
const oldEntry = z.object({
  path: z.string().max(200),
  timestamp: z.number().finite().optional(),
});
export const pinnedImportInput = z.object({
  favorites: z.array(oldEntry).max(IMPORT_MAX).default([]),
  recents: z.array(oldEntry).max(IMPORT_MAX).default([]),
});
export type PinnedImportInput = z.infer<typeof pinnedImportInput>;

export interface PinnedLists {
  /** In the order they were starred. */
  favorites: PinnedPage[];
  /** Newest first, at most RECENTS_LIMIT. */
  recents: PinnedPage[];
}

/** A recently opened work order with its register line (client and project; blank when not in the register). */
export interface RecentWorkOrder {
  work_order: string;
  path: string;
  opened_at: number;
  client: string;
  project: string;
  in_register: boolean;
}
