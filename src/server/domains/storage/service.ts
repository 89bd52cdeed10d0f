import { type Actor, can, REFUSED } from "@shared/permissions";
import {
  type DeleteInput,
  type DeleteResult,
  MAX_CONCURRENT_UPLOADS,
  type MoveInput,
  type MoveResult,
  STORAGE_MESSAGES,
  type StorageAction,
  type StorageLimits,
} from "@shared/storage";
import { collapseSlashes } from "@shared/storage-keys";
import { storageEvents } from "../../db/schema";
import type { Env } from "../../env";
import { recordAudit } from "../../lib/audit";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { objectKey, topFolder } from "../../storage/keys";
import type { ObjectStore } from "../../storage/object-store";
import { carryAnswersToRenames } from "../chat/renamed-files";
import {
  DocumentNameTaken,
  detachDocuments,
  documentAt,
  rekeyDocuments,
} from "../documents/pipeline/store-rows";

/** Uploads, moves and deletes: Admins, Owners and the super-owner. Reads: every signed-in user. */
export function assertCanWrite(ctx: { user: Actor }) {
  if (!can(ctx.user, "content.write")) throw forbidden(REFUSED["content.write"]);
}

/**
 * A new upload (S3 Uploader, Index Manager, bulk report indexing): the right to write, then the person's upload
 * rate (429 with Retry-After past RATE_UPLOADS_PER_MIN), both before any of the form is read.
 */
export function admitUpload(ctx: ServiceCtx) {
  assertCanWrite(ctx);
  ctx.deps.limits.rate.uploads.take(ctx.user.email);
}

type Signer = { deps: { store: ObjectStore }; settings: Pick<Env, "PUBLIC_URL"> };

/** Local links are root-relative (they work behind any proxy); absolute when PUBLIC_URL says where we live. */
export async function signedLinks(ctx: Signer, keys: string[]): Promise<string[]> {
  const urls = await ctx.deps.store.signedUrls(keys);
  const base = ctx.settings.PUBLIC_URL;
  return base ? urls.map((u) => (u.startsWith("/") ? new URL(u, base).href : u)) : urls;
}

export async function signedLink(ctx: Signer, key: string): Promise<string> {
  return (await signedLinks(ctx, [key]))[0]!;
}

/** GET /api/s3/limits (and every upload's bounds): what an upload may be, from the settings. */
export function uploadLimits(ctx: {
  settings: Pick<Env, "UPLOAD_MAX_MB" | "STORAGE_DRIVER">;
}): StorageLimits {
  return {
    uploadMaxMb: ctx.settings.UPLOAD_MAX_MB,
    uploadMaxBytes: Math.floor(ctx.settings.UPLOAD_MAX_MB * 1024 * 1024),
    driver: ctx.settings.STORAGE_DRIVER,
    maxConcurrentUploads: MAX_CONCURRENT_UPLOADS,
  };
}

interface EventInput {
  action: StorageAction;
  key: string;
  from?: string;
  size?: number;
}

/** History row and audit entry for each change by the caller, in one transaction. */
export async function recordEvents(ctx: ServiceCtx, events: EventInput[]) {
  if (!events.length) return;
  const now = ctx.now();
  const actor = ctx.user.email;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(storageEvents).values(
      events.map((e) => ({
        ts: now,
        db: topFolder(e.key),
        key: e.key,
        action: e.action,
        actor,
        fromKey: e.from ?? null,
        size: e.size ?? null,
      })),
    );
    for (const e of events) {
      const details = {
        ...(e.from ? { from: e.from } : {}),
        ...(e.size !== undefined ? { size: e.size } : {}),
      };
      await recordAudit(tx, { actor, action: `storage.${e.action}`, target: e.key, details }, now);
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
export async function removeFiles(ctx: ServiceCtx, input: DeleteInput): Promise<DeleteResult> {
  assertCanWrite(ctx);
  const { store } = ctx.deps;
  const keys = input.key !== undefined ? [input.key] : [...new Set(input.keys)];
  const infos = await mapLimit(keys, 8, (k) => store.head(k));
  if (input.key !== undefined && !infos[0]) throw notFound(STORAGE_MESSAGES.notFound(input.key));
  const present = keys.filter((_, i) => infos[i]);
  await mapLimit(present, 8, (k) => store.delete(k));
  // Their documents keep their text (search and answers still use it) and stop linking to a missing file.
  await ctx.db.transaction((tx) => detachDocuments(tx, present));
  await recordEvents(
    ctx,
    present.map((key) => ({ action: "delete", key })),
  );
  return { deleted: present, missing: keys.filter((_, i) => !infos[i]) };
}

/**
 * POST /api/s3/move: rename within the same top folder. The new path has its slashes collapsed; an empty or
 * unchanged path, another top folder or an existing file at the target are each refused with their own message.
 */
export async function moveFile(ctx: ServiceCtx, input: MoveInput): Promise<MoveResult> {
  assertCanWrite(ctx);
  const { store } = ctx.deps;
  const src = input.src_key;
  if (collapseSlashes(input.dst_key.trim()) === "") throw badRequest(STORAGE_MESSAGES.moveEmpty);
  const dst = objectKey(input.dst_key, "dst_key");
  if (dst === src) throw badRequest(STORAGE_MESSAGES.moveUnchanged);
  if (topFolder(dst) !== topFolder(src)) throw badRequest(STORAGE_MESSAGES.moveAcrossFolders(topFolder(src)));
  const info = await store.head(src);
  if (!info) throw notFound(STORAGE_MESSAGES.notFound(src));
  if (await store.head(dst)) throw conflict(STORAGE_MESSAGES.moveTargetExists(dst));
  if (!(await documentAt(ctx.db, src))) await store.move(src, dst);
  else {
    // An indexed original: its document moves with it in one transaction, between the copy and the delete, so
    // the document never points at a missing file (a failed update leaves the original where it was).
    await store.copy(src, dst);
    try {
      await ctx.db.transaction(async (tx) => carryAnswersToRenames(tx, await rekeyDocuments(tx, src, dst)));
    } catch (err) {
      await store.delete(dst).catch(() => {});
      if (err instanceof DocumentNameTaken)
        throw conflict(STORAGE_MESSAGES.moveIndexedNameTaken(err.db, err.fileName));
      throw err;
    }
    await store.delete(src);
  }
  await recordEvents(ctx, [{ action: "move", key: dst, from: src, size: info.size }]);
  return { key: dst, url: await signedLink(ctx, dst) };
}
