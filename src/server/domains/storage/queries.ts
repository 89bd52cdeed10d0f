import type { HistoryInput, StorageEvent, StorageFile, StorageLink } from "@shared/storage";
import { desc, eq } from "drizzle-orm";
import { storageEvents } from "../../db/schema";
import type { ServiceCtx } from "../../lib/service-ctx";
import { signedLinks } from "../../storage/links";
import { type ListPage, listPages } from "../../storage/object-store";
import { isStagingKey } from "../../storage/staging";

/** The storage screens' reads (both doors read them straight from here; writes go through service.ts). */

async function everything(ctx: ServiceCtx) {
  const objects: ListPage["objects"] = [];
  for await (const page of listPages(ctx.deps.store)) {
    for (const o of page) if (!isStagingKey(o.key)) objects.push(o);
  }
  const urls = await signedLinks(
    ctx,
    objects.map((o) => o.key),
  );
  return { objects, urls };
}

/**
 * The local store's listing hands out the same Date objects from one request to the next (its cache), so each is
 * formatted once instead of once per listing: 500 files were 500 `toISOString` calls, a fifth of the request.
 */
const isoDates = new WeakMap<Date, string>();
function isoOf(date: Date) {
  let iso = isoDates.get(date);
  if (iso === undefined) {
    iso = date.toISOString();
    isoDates.set(date, iso);
  }
  return iso;
}

/** GET /api/s3/files: every object with size, date and a signed link (the screens filter and page locally). */
export async function listFiles(ctx: ServiceCtx): Promise<StorageFile[]> {
  const { objects, urls } = await everything(ctx);
  return objects.map((o, i) => ({
    Key: o.key,
    Size: o.size,
    LastModified: isoOf(o.lastModified),
    url: urls[i]!,
  }));
}

/** GET /api/s3-files: every object with its signed link. */
export async function listLinks(ctx: ServiceCtx): Promise<StorageLink[]> {
  const { objects, urls } = await everything(ctx);
  return objects.map((o, i) => ({ Key: o.key, url: urls[i]! }));
}

/** The history drawer: newest first, optionally for one database (top folder). */
export async function listHistory(ctx: ServiceCtx, input: HistoryInput): Promise<StorageEvent[]> {
  const rows = await ctx.db
    .select()
    .from(storageEvents)
    .where(input.db !== undefined ? eq(storageEvents.db, input.db) : undefined)
    .orderBy(desc(storageEvents.ts), desc(storageEvents.id))
    .limit(input.limit);
  return rows.map((r) => ({
    id: r.id,
    time: r.ts.toISOString(),
    db: r.db,
    file: r.db ? r.key.slice(r.db.length + 1) : r.key,
    key: r.key,
    action: r.action,
    user: r.actor,
    from: r.fromKey,
  }));
}
