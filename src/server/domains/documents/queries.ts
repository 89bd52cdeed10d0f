import {
  type DbNameInput,
  DOCUMENT_MESSAGES,
  type DocDb,
  type DocFile,
  INTERNAL_DBS,
  type UploadHistoryEntry,
  type UploadHistoryInput,
} from "@shared/documents";
import { and, asc, desc, eq, ne, notInArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { docCollections, docDocuments, docUploadHistory } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { signedLinks } from "../../storage/links";
import { findCollection } from "./pipeline/store-rows";

/** The document screens' reads (both doors read them straight from here; writes go through service.ts). */

export async function requireCollection(db: DbOrTx, name: string) {
  const c = await findCollection(db, name);
  if (!c) throw notFound(DOCUMENT_MESSAGES.dbMissing(name));
  return c;
}

/** Collections the document screens list: not the portal's own (the reports collection, reports.db). */
const listed = notInArray(docCollections.name, [...INTERNAL_DBS]);

/** Every document database with its file count, by name. */
export async function listDbs(ctx: ServiceCtx): Promise<DocDb[]> {
  // Spelled out: drizzle writes a lone table's columns unqualified, which inside the subquery would mean d.id.
  const files = sql<number>`(SELECT count(*) FROM doc_documents d WHERE d.collection_id = doc_collections.id)`;
  const rows = await ctx.db
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

/** One database's files in name order (a range of the (collection, file name) index): what both doors list. */
const filesOf = (collectionId: number) => ({
  where: eq(docDocuments.collectionId, collectionId),
  order: asc(docDocuments.fileName),
});

/** documents.listFiles: each file with its details and a signed link to its original. */
export async function listFiles(ctx: ServiceCtx, input: DbNameInput): Promise<DocFile[]> {
  const files = filesOf((await requireCollection(ctx.db, input.db_name)).id);
  const rows = await ctx.db
    .select({
      id: docDocuments.id,
      fileName: docDocuments.fileName,
      key: docDocuments.storageKey,
      size: docDocuments.size,
      pages: docDocuments.pages,
      status: docDocuments.status,
      error: docDocuments.error,
      uploadedBy: docDocuments.uploadedBy,
      uploadedAt: docDocuments.uploadedAt,
    })
    .from(docDocuments)
    .where(files.where)
    .orderBy(files.order);
  const urls = await signedLinks(
    ctx,
    rows.map((r) => r.key),
  );
  return rows.map((r, i) => ({ ...r, uploadedAt: r.uploadedAt.toISOString(), url: urls[i] ?? null }));
}

/**
 * POST /api/list-files: the same list, names only, aggregated to one JSON text in SQLite: handing 5,000 rows one
 * by one to JavaScript costs more than the query itself.
 */
export async function listFileNames(ctx: ServiceCtx, input: DbNameInput): Promise<string[]> {
  const files = filesOf((await requireCollection(ctx.db, input.db_name)).id);
  const [row] = await ctx.db.all<{ names: string | null }>(
    sql`SELECT json_group_array(file_name) AS names FROM
        (SELECT file_name FROM doc_documents WHERE ${files.where} ORDER BY ${files.order})`,
  );
  return JSON.parse(row?.names ?? "[]") as string[];
}

/** GET /api/s3-db-pdfs: `<db>/<file>` → signed link, for every document of every database. */
export async function pdfLinks(ctx: ServiceCtx): Promise<{ Key: string; url: string }[]> {
  const rows = await ctx.db
    .select({ db: docCollections.name, file: docDocuments.fileName, key: docDocuments.storageKey })
    .from(docDocuments)
    .innerJoin(docCollections, eq(docCollections.id, docDocuments.collectionId))
    // A document whose original was deleted from storage has no link to give.
    .where(and(listed, ne(docDocuments.storageKey, "")))
    .orderBy(asc(docCollections.name), asc(docDocuments.fileName));
  const urls = await signedLinks(
    ctx,
    rows.map((r) => r.key),
  );
  return rows.map((r, i) => ({ Key: `${r.db}/${r.file}`, url: urls[i]! }));
}

export async function uploadHistory(
  ctx: ServiceCtx,
  input: UploadHistoryInput,
): Promise<UploadHistoryEntry[]> {
  const q = input.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const h = docUploadHistory;
  const rows = await ctx.db
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
