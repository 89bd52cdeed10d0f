import {
  REPORTS_TEXTS,
  type ReportFile,
  type ReportFilesInput,
  type ReportLinkInput,
  type ReportsStats,
} from "@shared/reports";
import type { WorkOrderRef } from "@shared/work-orders";
import { and, desc, eq, sql } from "drizzle-orm";
import { docDocuments } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { anyContains, offsetOf } from "../../lib/sql";
import { assertCanWrite } from "../../storage/access";
import { signedLink } from "../../storage/links";
import { reportColumns, reportsCollectionId, toReportFile, workOrderRange } from "./collection";
import { findReportsFor } from "./find";
import { withIndexedReports } from "./indexed-of";
import { workOrderReports } from "./work-order-reports";

/**
 * Reports Indexer (docs/decisions/0026, 0027): project reports are the internal document collection
 * `reports.db`, indexed by the documents pipeline and jobs; this reads them for the /reports screen.
 */

export { assertCanWrite };

export async function reportsStats(ctx: ServiceCtx): Promise<ReportsStats> {
  const id = await reportsCollectionId(ctx.db);
  if (!id) return { files: 0, pages: 0, chunks: 0 };
  const [docs] = await ctx.db.all<{ files: number; pages: number | null }>(
    sql`SELECT count(*) AS files, sum(pages) AS pages FROM doc_documents
        WHERE collection_id = ${id} AND status = 'indexed'`,
  );
  const [chunks] = await ctx.db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM doc_chunks WHERE collection_id = ${id}`,
  );
  return { files: Number(docs?.files ?? 0), pages: Number(docs?.pages ?? 0), chunks: Number(chunks?.n ?? 0) };
}

/** One page of indexed reports, newest first, filtered by text (file name or project) and work-order prefix. */
export async function listReportFiles(
  ctx: ServiceCtx,
  input: ReportFilesInput,
): Promise<{ files: ReportFile[]; total: number }> {
  const id = await reportsCollectionId(ctx.db);
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
  const rows = await ctx.db
    .select({ ...reportColumns, chunks })
    .from(d)
    .where(where)
    .orderBy(desc(d.uploadedAt), desc(d.id))
    .limit(input.page_size)
    .offset(offsetOf(input.page, input.page_size));
  const [count] = await ctx.db.select({ n: sql<number>`count(*)` }).from(d).where(where);
  return {
    files: rows.map((r) => toReportFile(r, Number(r.chunks))),
    total: Number(count?.n ?? 0),
  };
}

/** A signed link to a report's original, opened at `page`; 404 when the original was not stored (or is gone). */
export async function reportLink(ctx: ServiceCtx, input: ReportLinkInput): Promise<{ url: string }> {
  const id = await reportsCollectionId(ctx.db);
  const [row] = id
    ? await ctx.db
        .select({ key: docDocuments.storageKey, pages: docDocuments.pages })
        .from(docDocuments)
        .where(and(eq(docDocuments.id, input.file_id), eq(docDocuments.collectionId, id)))
    : [];
  if (!row) throw notFound("No indexed report has that id.");
  if (!row.key || !(await ctx.deps.store.head(row.key))) throw notFound(REPORTS_TEXTS.originalNotStored);
  const url = await signedLink(ctx, row.key);
  const page = input.page && row.pages ? Math.min(input.page, row.pages) : input.page;
  return { url: page ? `${url}#page=${page}` : url };
}

/** A work order's indexed reports: what the Reports screen shows any signed-in person. */
export const reportsOfWorkOrder = (ctx: ServiceCtx, ref: WorkOrderRef) => workOrderReports(ctx.db, ref);

/** List rows with their work order's indexed report, looked up for the whole page at once (binder, core boxes). */
export const withWorkOrderReports = <T extends { work_order: string }>(ctx: ServiceCtx, rows: T[]) =>
  withIndexedReports(ctx.db, rows);

/** Reports by file name and page text for the one search: what the Reports screen shows any signed-in person. */
export const findReports = findReportsFor;
/**
 * As you type: reports by file name only. A word still being typed is a prefix, and over a million pages a prefix
 * expands to every word it starts; page text is searched when the search is submitted.
 */
export const findReportNames = (ctx: ServiceCtx, input: { q: string; limit: number }) =>
  findReportsFor(ctx, input, { pages: false });
