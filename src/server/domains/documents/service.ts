import {
  DOCUMENT_MESSAGES,
  type DocDb,
  type DocFile,
  type deleteDbInput,
  INTERNAL_DBS,
  type UploadHistoryEntry,
  type uploadHistoryInput,
} from "@shared/documents";
import type { Actor } from "@shared/permissions";
import { and, asc, desc, eq, ne, notInArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import {
  docChunkEmbeddings,
  docChunks,
  docCollections,
  docDocuments,
  docUploadHistory,
} from "../../db/schema";
import type { IndexFilePayload } from "../../documents/pipeline";
import { deleteDocuments, findCollection } from "../../documents/store-rows";
import type { Env } from "../../env";
import type { JobRunner } from "../../jobs/worker";
import { recordAudit } from "../../lib/audit";
import { badRequest, notFound } from "../../lib/errors";
import type { ObjectStore } from "../../storage/object-store";
import { assertCanWrite, recordEvents, signedLink } from "../storage/service";

/** What the document rules need; a test builds it directly. */
export interface DocumentsDeps {
  db: Db;
  store: ObjectStore;
  jobs: JobRunner;
  env: Pick<Env, "UPLOAD_MAX_MB" | "STORAGE_DRIVER" | "PUBLIC_URL" | "DATA_DIR" | "EMBEDDINGS_BASE_URL">;
}

export { assertCanWrite };

export async function requireCollection(deps: Pick<DocumentsDeps, "db">, name: string) {
  const c = await findCollection(deps.db, name);
  if (!c) throw notFound(DOCUMENT_MESSAGES.dbMissing(name));
  return c;
}

/** Collections the document screens list: not the portal's own (the reports collection, reports.db). */
const listed = notInArray(docCollections.name, [...INTERNAL_DBS]);

/** Every document database with its file count, by name. */
export async function listDbs(deps: Pick<DocumentsDeps, "db">): Promise<DocDb[]> {
  // Spelled out: drizzle writes a lone table's columns unqualified, which inside the subquery would mean d.id.
  const files = sql<number>`(SELECT count(*) FROM doc_documents d WHERE d.collection_id = doc_collections.id)`;
  const rows = await deps.db
    .select({
      name: docCollections.name,
      title: docCollections.title,
      mode: docCollections.mode,
      createdAt: docCollections.createdAt,
      files,
    })
    .from(docCollections)
    .where(listed)
    .orderBy(asc(docCollections.name));
  return rows.map((r) => ({ ...r, files: Number(r.files), createdAt: r.createdAt.toISOString() }));
}

/**
 * POST /api/list-files: names only, in name order. One covering-index range read, aggregated to one JSON text in
 * SQLite: handing 5,000 rows one by one to JavaScript costs more than the query itself.
 */
export async function listFileNames(deps: Pick<DocumentsDeps, "db">, name: string): Promise<string[]> {
  const c = await requireCollection(deps, name);
  const [row] = await deps.db.all<{ names: string | null }>(
    sql`SELECT json_group_array(file_name) AS names FROM
        (SELECT file_name FROM doc_documents WHERE collection_id = ${c.id} ORDER BY file_name)`,
  );
  return JSON.parse(row?.names ?? "[]") as string[];
}

export async function listFiles(deps: DocumentsDeps, name: string): Promise<DocFile[]> {
  const c = await requireCollection(deps, name);
  const rows = await deps.db
    .select()
    .from(docDocuments)
    .where(eq(docDocuments.collectionId, c.id))
    .orderBy(asc(docDocuments.fileName));
  const urls = await signAll(
    deps,
    rows.map((r) => r.storageKey),
  );
  return rows.map((r, i) => ({
    id: r.id,
    fileName: r.fileName,
    key: r.storageKey,
    size: r.size,
    pages: r.pages,
    status: r.status,
    error: r.error,
    uploadedBy: r.uploadedBy,
    uploadedAt: r.uploadedAt.toISOString(),
    url: urls[i] ?? null,
  }));
}

async function signAll(deps: Pick<DocumentsDeps, "store" | "env">, keys: string[]) {
  const urls = await deps.store.signedUrls(keys);
  const base = deps.env.PUBLIC_URL;
  return base ? urls.map((u) => (u.startsWith("/") ? new URL(u, base).href : u)) : urls;
}

/** GET /api/s3-db-pdfs: `<db>/<file>` → signed link, for every document of every database. */
export async function pdfLinks(deps: DocumentsDeps): Promise<{ Key: string; url: string }[]> {
  const rows = await deps.db
    .select({ db: docCollections.name, file: docDocuments.fileName, key: docDocuments.storageKey })
    .from(docDocuments)
    .innerJoin(docCollections, eq(docCollections.id, docDocuments.collectionId))
    // A document whose original was deleted from storage has no link to give.
    .where(and(listed, ne(docDocuments.storageKey, "")))
    .orderBy(asc(docCollections.name), asc(docDocuments.fileName));
  const urls = await signAll(
    deps,
    rows.map((r) => r.key),
  );
  return rows.map((r, i) => ({ Key: `${r.db}/${r.file}`, url: urls[i]! }));
}

export async function uploadHistory(
  deps: Pick<DocumentsDeps, "db">,
  input: z.output<typeof uploadHistoryInput>,
): Promise<UploadHistoryEntry[]> {
  const q = input.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const h = docUploadHistory;
  const rows = await deps.db
    .select()
    .from(h)
    .where(
      pattern
        ? or(
            sql`${h.db} LIKE ${pattern} ESCAPE '\\'`,
            sql`${h.file} LIKE ${pattern} ESCAPE '\\'`,
            sql`${h.user} LIKE ${pattern} ESCAPE '\\'`,
          )
        : undefined,
    )
    .orderBy(desc(h.ts), desc(h.id))
    .limit(input.limit);
  return rows.map((r) => ({ time: r.ts.toISOString(), db: r.db, file: r.file, user: r.user }));
}

/** POST /api/delete-db: the typed confirmation must be exactly `DELETE <db_name>`. */
export async function deleteDb(
  deps: DocumentsDeps,
  user: Actor,
  input: z.output<typeof deleteDbInput>,
): Promise<{ message: string }> {
  assertCanWrite(user);
  if (input.confirmation_text !== `DELETE ${input.db_name}`) {
    throw badRequest(DOCUMENT_MESSAGES.confirmationMismatch);
  }
  const c = await requireCollection(deps, input.db_name);
  const docs = await deps.db
    .select({ id: docDocuments.id, key: docDocuments.storageKey })
    .from(docDocuments)
    .where(eq(docDocuments.collectionId, c.id));
  await deps.db.transaction(async (tx) => {
    await tx.delete(docChunkEmbeddings).where(eq(docChunkEmbeddings.collectionId, c.id));
    await tx.delete(docChunks).where(eq(docChunks.collectionId, c.id));
    await deleteDocuments(
      tx,
      docs.map((d) => d.id),
    );
    await tx.delete(docCollections).where(eq(docCollections.id, c.id));
    await recordAudit(tx, {
      actor: user.email,
      action: "documents.delete_db",
      target: c.name,
      details: { files: docs.length, title: c.title },
    });
  });
  // The rows are gone first: a failed object delete leaves an orphan file, never a row without its file. Only
  // originals in the database's own folder go: a file indexed from elsewhere in storage belongs to that folder.
  const keys = docs.map((d) => d.key).filter((k) => k.startsWith(`${c.name}/`));
  for (const key of keys) await deps.store.delete(key).catch(() => {});
  await recordEvents(
    deps,
    user,
    keys.map((key) => ({ action: "delete" as const, key })),
  );
  return { message: DOCUMENT_MESSAGES.deleted(c.name) };
}

/** Enqueue indexing of an object already in the store (storage reindex, index after upload). */
export async function enqueueIndex(
  deps: Pick<DocumentsDeps, "jobs">,
  p: Omit<IndexFilePayload, "create" | "title"> & { title?: string },
) {
  const payload: IndexFilePayload = { ...p, create: true, title: p.title ?? "" };
  return deps.jobs.enqueue("index-file", payload as unknown as Record<string, unknown>);
}

/** Run an index job to its end and answer with its steps (an error, with the steps, if it failed). */
export async function runToEnd(deps: Pick<DocumentsDeps, "jobs">, jobId: number) {
  const row = await deps.jobs.wait(jobId);
  const result = (row.result ?? {}) as { document_id?: number };
  return {
    ok: row.status === "done",
    steps: row.steps,
    error: row.error ?? undefined,
    document_id: result.document_id,
  };
}

export async function refreshEmbeddings(deps: DocumentsDeps, user: Actor, name: string) {
  assertCanWrite(user);
  if (!deps.env.EMBEDDINGS_BASE_URL) {
    throw badRequest("Embeddings are not configured (set EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL).");
  }
  await requireCollection(deps, name);
  const id = await deps.jobs.enqueue("refresh-embeddings", { db: name, user: user.email });
  const r = await runToEnd(deps, id);
  return { steps: r.steps };
}

export { signedLink };
