import {
  type DeleteInput,
  type DeleteResult,
  keepsPdfExtension,
  type MoveInput,
  type MoveResult,
  STORAGE_MESSAGES,
} from "@shared/storage";
import { collapseSlashes } from "@shared/storage-keys";
import { badRequest, conflict, notFound } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { assertCanWrite } from "../../storage/access";
import { recordEvents } from "../../storage/events";
import { objectKey, topFolder } from "../../storage/keys";
import { signedLink } from "../../storage/links";
import { carryAnswersToRenames } from "../chat/service";
import { DocumentNameTaken, detachDocuments, documentAt, rekeyDocuments } from "../documents/service";

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
 * unchanged path, another top folder, a PDF losing its .pdf or an existing file at the target are each refused
 * with their own message.
 */
export async function moveFile(ctx: ServiceCtx, input: MoveInput): Promise<MoveResult> {
  assertCanWrite(ctx);
  const { store } = ctx.deps;
  const src = input.src_key;
  if (collapseSlashes(input.dst_key.trim()) === "") throw badRequest(STORAGE_MESSAGES.moveEmpty);
  const dst = objectKey(input.dst_key, "dst_key");
  if (dst === src) throw badRequest(STORAGE_MESSAGES.moveUnchanged);
  if (topFolder(dst) !== topFolder(src)) throw badRequest(STORAGE_MESSAGES.moveAcrossFolders(topFolder(src)));
  if (!keepsPdfExtension(src, dst)) throw badRequest(STORAGE_MESSAGES.movePdfExtension);
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
