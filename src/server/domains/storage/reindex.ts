import { DB_NAME_PATTERN, type DocumentMode, isInternalDb } from "@shared/documents";
import { type IndexMode, type ReindexBatchInput, type ReindexInput, STORAGE_MESSAGES } from "@shared/storage";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { assertCanWrite } from "../../storage/access";
import { isStagingKey } from "../../storage/staging";
import { enqueueIndexFile, jobOutcome } from "../documents/service";

/** The storage screens' index modes are the document databases' modes under older names. */
export const documentMode = (mode: IndexMode): DocumentMode => (mode === "general" ? "general" : "default");

/** Storage folders may have any name; a document database needs the stricter one. */
export const isDocDbName = (name: string) => DB_NAME_PATTERN.test(name) && !isInternalDb(name);

export function assertDocDbName(name: string) {
  if (!isDocDbName(name)) throw badRequest(STORAGE_MESSAGES.notIndexable(name));
}

/** The name a stored object has inside its database: the path below `<db>/`, or its own name if elsewhere. */
export const fileNameIn = (db: string, key: string) =>
  key.startsWith(`${db}/`) ? key.slice(db.length + 1) : key.split("/").pop()!;

/** Queue indexing of a stored object into `db` (made when new); the original stays where it is. */
export function queueIndex(ctx: ServiceCtx, key: string, db: string, mode: IndexMode) {
  return enqueueIndexFile(ctx.deps.jobs, {
    db,
    fileName: fileNameIn(db, key),
    source: key,
    staged: false,
    user: ctx.user.email,
    mode: documentMode(mode),
    title: "",
    create: true,
  });
}

async function queueOne(ctx: ServiceCtx, key: string, db: string, mode: IndexMode) {
  if (isStagingKey(key) || !/\.pdf$/i.test(key)) throw badRequest(STORAGE_MESSAGES.pdfOnly);
  if (!(await ctx.deps.store.head(key))) throw notFound(STORAGE_MESSAGES.notFound(key));
  return queueIndex(ctx, key, db, mode);
}

/** POST /api/s3/reindex: index a stored PDF into a database (created when new) and answer with the steps. */
export async function reindexFile(ctx: ServiceCtx, input: ReindexInput) {
  assertCanWrite(ctx);
  assertDocDbName(input.db_name);
  const job = await queueOne(ctx, input.key, input.db_name, input.mode);
  const r = await jobOutcome(ctx.deps.jobs, job);
  if (!r.ok) throw new AppError("UNPROCESSABLE_CONTENT", r.error ?? "Indexing failed.");
  return { key: input.key, db_name: input.db_name, steps: r.steps };
}

/** POST /api/s3/reindex-batch: every file is indexed on its own; the answer says how each went. */
export async function reindexFiles(ctx: ServiceCtx, input: ReindexBatchInput) {
  assertCanWrite(ctx);
  assertDocDbName(input.db_name);
  const keys = [...new Set(input.keys)];
  const queued = await Promise.all(
    keys.map((key) =>
      queueOne(ctx, key, input.db_name, input.mode).then(
        (job) => ({ key, job }),
        (err: unknown) => ({
          key,
          error: err instanceof AppError ? err.message : "Could not queue the file.",
        }),
      ),
    ),
  );
  const results = await Promise.all(
    queued.map(async (q) => {
      if (!("job" in q)) return { key: q.key, ok: false, error: q.error };
      const r = await jobOutcome(ctx.deps.jobs, q.job);
      return { key: q.key, ok: r.ok, ...(r.error ? { error: r.error } : {}) };
    }),
  );
  const indexed = results.filter((r) => r.ok).length;
  if (indexed === 0) {
    throw new AppError(
      "UNPROCESSABLE_CONTENT",
      `Batch indexing failed: ${results[0]?.error ?? "nothing indexed"}`,
    );
  }
  return { db_name: input.db_name, indexed, failed: results.length - indexed, results };
}
