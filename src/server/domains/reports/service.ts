import {
  REPORTS_DB,
  REPORTS_TEXTS,
  type ReportFile,
  type ReportFilesInput,
  type ReportsStats,
  type reportLinkInput,
} from "@shared/reports";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { docDocuments } from "../../db/schema";
import { createCollection, findCollection } from "../../documents/store-rows";
import type { Env } from "../../env";
import type { JobRunner } from "../../jobs/worker";
import { notFound } from "../../lib/errors";
import { anyContains, offsetOf } from "../../lib/sql";
import type { ObjectStore } from "../../storage/object-store";
import { assertCanWrite, signedLink } from "../storage/service";

/**
 * Reports Indexer (docs/decisions/0026, 0027): project reports are the internal document collection
 * `reports.db`, indexed by the documents pipeline and jobs; this reads them for the /reports screen.
 */
export interface ReportsDeps {
  db: Db;
  store: ObjectStore;
  jobs: JobRunner;
  env: Pick<Env, "UPLOAD_MAX_MB" | "STORAGE_DRIVER" | "PUBLIC_URL">;
}

export { assertCanWrite };

export const REPORTS_TITLE = "Reports";

/** The reports collection's id, or null before the first report is indexed. */
export async function reportsCollectionId(db: Db): Promise<number | null> {
  return (await findCollection(db, REPORTS_DB))?.id ?? null;
}

/** The reports collection, created on first use (a concurrent creator wins the unique name; then it is read). */
export async function ensureReportsCollection(db: Db, by: string): Promise<number> {
  const id = await reportsCollectionId(db);
  if (id) return id;
  try {
    const row = await db.transaction((tx) =>
      createCollection(tx, { name: REPORTS_DB, title: REPORTS_TITLE, mode: "default", user: by }),
    );
    return row.id;
  } catch (err) {
    const again = await reportsCollectionId(db);
    if (again) return again;
    throw err;
  }
}

/** Work orders are stored upper case; a prefix is a range on the (collection, work_order) index. */
export function workOrderRange(column: typeof docDocuments.workOrder, prefix: string | undefined) {
  if (!prefix) return undefined;
  const p = prefix.toUpperCase();
  // "~" sorts after every character a work order may hold (digits, "-", A–Z).
  return and(gte(column, p), lt(column, `${p}~`));
}

export async function reportsStats(deps: Pick<ReportsDeps, "db">): Promise<ReportsStats> {
  const id = await reportsCollectionId(deps.db);
  if (!id) return { files: 0, pages: 0, chunks: 0 };
  const [docs] = await deps.db.all<{ files: number; pages: number | null }>(
    sql`SELECT count(*) AS files, sum(pages) AS pages FROM doc_documents
        WHERE collection_id = ${id} AND status = 'indexed'`,
  );
  const [chunks] = await deps.db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM doc_chunks WHERE collection_id = ${id}`,
  );
  return { files: Number(docs?.files ?? 0), pages: Number(docs?.pages ?? 0), chunks: Number(chunks?.n ?? 0) };
}

/** One page of indexed reports, newest first, filtered by text (file name or project) and work-order prefix. */
export async function listReportFiles(
  deps: Pick<ReportsDeps, "db">,
  input: ReportFilesInput,
): Promise<{ files: ReportFile[]; total: number }> {
  const id = await reportsCollectionId(deps.db);
  if (!id) return { files: [], total: 0 };
  const d = docDocuments;
  const where = and(
    eq(d.collectionId, id),
    eq(d.status, "indexed"),
    workOrderRange(d.workOrder, input.wo),
    input.q ? anyContains([d.fileName, d.project], input.q) : undefined,
  );
  // Spelled out: drizzle writes a lone table's columns unqualified, which inside the subquery would mean c.id.
  const chunks = sql<number>`(SELECT count(*) FROM doc_chunks c WHERE c.document_id = doc_documents.id)`;
  const rows = await deps.db
    .select({
      id: d.id,
      fileName: d.fileName,
      workOrder: d.workOrder,
      project: d.project,
      pages: d.pages,
      storageKey: d.storageKey,
      uploadedAt: d.uploadedAt,
      chunks,
    })
    .from(d)
    .where(where)
    .orderBy(desc(d.uploadedAt), desc(d.id))
    .limit(input.page_size)
    .offset(offsetOf(input.page, input.page_size));
  const [count] = await deps.db.select({ n: sql<number>`count(*)` }).from(d).where(where);
  return {
    files: rows.map((r) => ({
      file_id: r.id,
      file_name: r.fileName,
      work_order: r.workOrder ?? "",
      project: r.project ?? "",
      pages: r.pages,
      chunks: Number(r.chunks),
      indexed_at: r.uploadedAt.toISOString(),
      stored: r.storageKey !== "",
    })),
    total: Number(count?.n ?? 0),
  };
}

/** A signed link to a report's original, opened at `page`; 404 when the original was not stored (or is gone). */
export async function reportLink(
  deps: ReportsDeps,
  input: z.output<typeof reportLinkInput>,
): Promise<{ url: string }> {
  const id = await reportsCollectionId(deps.db);
  const [row] = id
    ? await deps.db
        .select({ key: docDocuments.storageKey, pages: docDocuments.pages })
        .from(docDocuments)
        .where(and(eq(docDocuments.id, input.file_id), eq(docDocuments.collectionId, id)))
    : [];
  if (!row) throw notFound("No indexed report has that id.");
  if (!row.key || !(await deps.store.head(row.key))) throw notFound(REPORTS_TEXTS.originalNotStored);
  const url = await signedLink(deps, row.key);
  const page = input.page && row.pages ? Math.min(input.page, row.pages) : input.page;
  return { url: page ? `${url}#page=${page}` : url };
}
