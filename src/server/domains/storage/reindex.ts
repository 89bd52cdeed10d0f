import { DB_NAME_PATTERN, type DocumentMode, isInternalDb } from "@shared/documents";
import type { Actor } from "@shared/permissions";
import { type IndexMode, type reindexBatchInput, type reindexInput, STORAGE_MESSAGES } from "@shared/storage";
import type { z } from "zod";
import { isStagingKey } from "../../documents/staging";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { type DocumentsDeps, enqueueIndex, runToEnd } from "../documents/service";
import { assertCanWrite } from "./service";

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

async function queueOne(deps: DocumentsDeps, user: Actor, key: string, db: string, mode: IndexMode) {
  if (isStagingKey(key) || !/\.pdf$/i.test(key)) throw badRequest(STORAGE_MESSAGES.pdfOnly);
  if (!(await deps.store.head(key))) throw notFound(STORAGE_MESSAGES.notFound(key));
  return enqueueIndex(deps, {
    db,
    fileName: fileNameIn(db, key),
    source: key,
    staged: false,
    user: user.email,
    mode: documentMode(mode),
  });
}

/** POST /api/s3/reindex: index a stored PDF into a database (created when new) and answer with the steps. */
export async function reindexFile(deps: DocumentsDeps, user: Actor, input: z.output<typeof reindexInput>) {
  assertCanWrite(user);
  assertDocDbName(input.db_name);
  const job = await queueOne(deps, user, input.key, input.db_name, input.mode);
  const r = await runToEnd(deps, job);
  if (!r.ok) throw new AppError("UNPROCESSABLE_CONTENT", r.error ?? "Indexing failed.");
  return { key: input.key, db_name: input.db_name, steps: r.steps };
}

/** POST /api/s3/reindex-batch: every file is indexed on its own; the answer says how each went. */
export async function reindexFiles(
  deps: DocumentsDeps,
  user: Actor,
  input: z.output<typeof reindexBatchInput>,
) {
  assertCanWrite(user);
  assertDocDbName(input.db_name);
  const keys = [...new Set(input.keys)];
  const queued = await Promise.all(
    keys.map((key) =>
      queueOne(deps, user, key, input.db_name, input.mode).then(
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
      const r = await runToEnd(deps, q.job);
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
