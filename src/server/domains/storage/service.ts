import { MESSAGES } from "@shared/auth";
import { type Actor, can } from "@shared/permissions";
import {
  type DeleteInput,
  type DeleteResult,
  type historyInput,
  MAX_CONCURRENT_UPLOADS,
  type MoveInput,
  type MoveResult,
  STORAGE_MESSAGES,
  type StorageAction,
  type StorageEvent,
  type StorageFile,
  type StorageLimits,
  type StorageLink,
} from "@shared/storage";
import { collapseSlashes } from "@shared/storage-keys";
import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { storageEvents } from "../../db/schema";
import { isStagingKey } from "../../documents/staging";
import { DocumentNameTaken, detachDocuments, documentAt, rekeyDocuments } from "../../documents/store-rows";
import type { Env } from "../../env";
import type { JobRunner } from "../../jobs/worker";
import { recordAudit } from "../../lib/audit";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { objectKey, topFolder } from "../../storage/keys";
import { type ListPage, listPages, type ObjectStore } from "../../storage/object-store";

/** What the storage rules need; a test builds it directly. */
export interface StorageDeps {
  db: Db;
  store: ObjectStore;
  env: Pick<Env, "UPLOAD_MAX_MB" | "STORAGE_DRIVER" | "PUBLIC_URL">;
  /** Background jobs: "Index after upload" queues the stored file for the document index. */
  jobs?: JobRunner;
}

/** Uploads, moves and deletes: Admins, Owners and the super-owner. Reads: every signed-in user. */
export function assertCanWrite(user: Actor) {
  if (!can(user, "content.write")) throw forbidden(MESSAGES.forbidden);
}

/** Local links are root-relative (they work behind any proxy); absolute when PUBLIC_URL says where we live. */
function absolute(deps: StorageDeps, url: string) {
  return url.startsWith("/") && deps.env.PUBLIC_URL ? new URL(url, deps.env.PUBLIC_URL).href : url;
}

export async function signedLink(deps: StorageDeps, key: string) {
  return absolute(deps, await deps.store.signedUrl(key));
}

async function everything(deps: StorageDeps) {
  const objects: ListPage["objects"] = [];
  for await (const page of listPages(deps.store)) {
    for (const o of page) if (!isStagingKey(o.key)) objects.push(o);
  }
  const urls = await deps.store.signedUrls(objects.map((o) => o.key));
  return { objects, urls: deps.env.PUBLIC_URL ? urls.map((u) => absolute(deps, u)) : urls };
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
export async function listFiles(deps: StorageDeps): Promise<StorageFile[]> {
  const { objects, urls } = await everything(deps);
  return objects.map((o, i) => ({
    Key: o.key,
    Size: o.size,
    LastModified: isoOf(o.lastModified),
    url: urls[i]!,
  }));
}

/** GET /api/s3-files: every object with its signed link. */
export async function listLinks(deps: StorageDeps): Promise<StorageLink[]> {
  const { objects, urls } = await everything(deps);
  return objects.map((o, i) => ({ Key: o.key, url: urls[i]! }));
}

export function storageLimits(deps: StorageDeps): StorageLimits {
  return {
    uploadMaxMb: deps.env.UPLOAD_MAX_MB,
    uploadMaxBytes: Math.floor(deps.env.UPLOAD_MAX_MB * 1024 * 1024),
    driver: deps.env.STORAGE_DRIVER,
    maxConcurrentUploads: MAX_CONCURRENT_UPLOADS,
  };
}

interface EventInput {
  action: StorageAction;
  key: string;
  from?: string;
  size?: number;
}

/** History row and audit entry for each change, in one transaction. */
export async function recordEvents(deps: Pick<StorageDeps, "db">, user: Actor, events: EventInput[]) {
  if (!events.length) return;
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx.insert(storageEvents).values(
      events.map((e) => ({
        ts: now,
        db: topFolder(e.key),
        key: e.key,
        action: e.action,
        actor: user.email,
        fromKey: e.from ?? null,
        size: e.size ?? null,
      })),
    );
    for (const e of events) {
      const details = {
        ...(e.from ? { from: e.from } : {}),
        ...(e.size !== undefined ? { size: e.size } : {}),
      };
      await recordAudit(
        tx,
        { actor: user.email, action: `storage.${e.action}`, target: e.key, details },
        now,
      );
    }
  });
}

/** Run `fn` over `items`, at most `limit` at a time (a bulk delete must not open 1,000 requests at once). */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** POST /api/s3/delete: one key (404 when missing) or several (missing ones are reported, not an error). */
export async function removeFiles(deps: StorageDeps, user: Actor, input: DeleteInput): Promise<DeleteResult> {
  assertCanWrite(user);
  const keys = input.key !== undefined ? [input.key] : [...new Set(input.keys)];
  const infos = await mapLimit(keys, 8, (k) => deps.store.head(k));
  if (input.key !== undefined && !infos[0]) throw notFound(STORAGE_MESSAGES.notFound(input.key));
  const present = keys.filter((_, i) => infos[i]);
  await mapLimit(present, 8, (k) => deps.store.delete(k));
  // Their documents keep their text (search and answers still use it) and stop linking to a missing file.
  await deps.db.transaction((tx) => detachDocuments(tx, present));
  await recordEvents(
    deps,
    user,
    present.map((key) => ({ action: "delete", key })),
  );
  return { deleted: present, missing: keys.filter((_, i) => !infos[i]) };
}

/**
 * POST /api/s3/move: rename within the same top folder. The new path has its slashes collapsed; an empty or
 * unchanged path, another top folder or an existing file at the target are each refused with their own message.
 */
export async function moveFile(deps: StorageDeps, user: Actor, input: MoveInput): Promise<MoveResult> {
  assertCanWrite(user);
  const src = input.src_key;
  if (collapseSlashes(input.dst_key.trim()) === "") throw badRequest(STORAGE_MESSAGES.moveEmpty);
  const dst = objectKey(input.dst_key, "dst_key");
  if (dst === src) throw badRequest(STORAGE_MESSAGES.moveUnchanged);
  if (topFolder(dst) !== topFolder(src)) throw badRequest(STORAGE_MESSAGES.moveAcrossFolders(topFolder(src)));
  const info = await deps.store.head(src);
  if (!info) throw notFound(STORAGE_MESSAGES.notFound(src));
  if (await deps.store.head(dst)) throw conflict(STORAGE_MESSAGES.moveTargetExists(dst));
  if (!(await documentAt(deps.db, src))) await deps.store.move(src, dst);
  else {
    // An indexed original: its document moves with it in one transaction, between the copy and the delete, so
    // the document never points at a missing file (a failed update leaves the original where it was).
    await deps.store.copy(src, dst);
    try {
      await deps.db.transaction((tx) => rekeyDocuments(tx, src, dst));
    } catch (err) {
      await deps.store.delete(dst).catch(() => {});
      if (err instanceof DocumentNameTaken)
        throw conflict(STORAGE_MESSAGES.moveIndexedNameTaken(err.db, err.fileName));
      throw err;
    }
    await deps.store.delete(src);
  }
  await recordEvents(deps, user, [{ action: "move", key: dst, from: src, size: info.size }]);
  return { key: dst, url: await signedLink(deps, dst) };
}

/** The history drawer: newest first, optionally for one database (top folder). */
export async function listHistory(
  deps: Pick<StorageDeps, "db">,
  input: z.output<typeof historyInput>,
): Promise<StorageEvent[]> {
  const rows = await deps.db
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
