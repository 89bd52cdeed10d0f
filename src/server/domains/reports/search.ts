import type { ReportHit, ReportSearchInput } from "@shared/reports";
import { type SQL, sql } from "drizzle-orm";
import { REPORT_PAGE_SPAN } from "../../db/extras-documents";
import type { ServiceCtx } from "../../lib/service-ctx";
import { offsetOf } from "../../lib/sql";
import { reportsCollectionId } from "./collection";
import { reportQuery, snippetOf } from "./search-query";

interface HitRow {
  rid: number;
  id: number;
  file_name: string;
  work_order: string | null;
  project: string | null;
}

/**
 * Full-text search over every page of every report (report_pages_fts, one row per page), best match first
 * (BM25), optionally within a work-order prefix; each hit is a page with a snippet cut from its text.
 */
export async function searchReports(
  ctx: ServiceCtx,
  input: ReportSearchInput,
): Promise<{ hits: ReportHit[]; total: number }> {
  const id = await reportsCollectionId(ctx.db);
  const query = reportQuery(input.q);
  if (!id || !query) return { hits: [], total: 0 };
  const wo = input.wo?.toUpperCase();
  const woFilter: SQL = wo ? sql`AND d.work_order >= ${wo} AND d.work_order < ${`${wo}~`}` : sql``;
  // The span inlined: a bound JavaScript number may arrive as a REAL, and the division must be an integer one.
  const from = sql`FROM report_pages_fts f JOIN doc_documents d ON d.id = f.rowid / ${sql.raw(String(REPORT_PAGE_SPAN))}
    WHERE report_pages_fts MATCH ${query.match} AND d.collection_id = ${id} AND d.status = 'indexed' ${woFilter}`;
  const rows = await ctx.db.all<HitRow>(sql`
    SELECT f.rowid AS rid, d.id AS id, d.file_name, d.work_order, d.project ${from}
    ORDER BY bm25(report_pages_fts), f.rowid
    LIMIT ${input.page_size} OFFSET ${offsetOf(input.page, input.page_size)}`);
  const [count] = await ctx.db.all<{ n: number }>(sql`SELECT count(*) AS n ${from}`);
  const total = Number(count?.n ?? 0);
  if (!rows.length) return { hits: [], total };

  const keys = rows.map((r) => ({ doc: Number(r.id), page: Number(r.rid) % REPORT_PAGE_SPAN }));
  const wanted = sql.join(
    keys.map((k) => sql`(document_id = ${k.doc} AND page_no = ${k.page})`),
    sql` OR `,
  );
  const pages = await ctx.db.all<{ document_id: number; page_no: number; text: string }>(
    sql`SELECT document_id, page_no, text FROM doc_pages WHERE ${wanted}`,
  );
  const textOf = new Map(pages.map((p) => [`${p.document_id}:${p.page_no}`, p.text]));
  const hits = rows.map((r, i): ReportHit => {
    const k = keys[i]!;
    return {
      file_id: k.doc,
      file_name: r.file_name,
      work_order: r.work_order ?? "",
      project: r.project ?? "",
      page: k.page,
      snippet: snippetOf(textOf.get(`${k.doc}:${k.page}`) ?? "", query.terms),
    };
  });
  return { hits, total };
}
