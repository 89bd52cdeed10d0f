import { LIST_TOTAL_CAP } from "@shared/list-total";
import { REPORTS_DB, type ReportHit, type ReportSearchInput } from "@shared/reports";
import { sql } from "drizzle-orm";
import { REPORT_PAGE_SPAN, WORK_ORDER_TOKENS, woToken } from "../../db/extras-documents";
import type { ServiceCtx } from "../../lib/service-ctx";
import { offsetOf } from "../../lib/sql";
import { reportQuery, type SearchTerm, snippetOf } from "./search-query";

interface DocRow {
  id: number;
  file_name: string;
  work_order: string | null;
  project: string | null;
}

export interface ReportSearchPage {
  hits: ReportHit[];
  /** Pages matching, counted up to LIST_TOTAL_CAP. */
  total: number;
  /** More than LIST_TOTAL_CAP pages match: `total` is the cap (the screen shows "10,000+"). */
  total_capped: boolean;
}

/** The cap as SQL text: a bound JavaScript number may arrive as a REAL. */
const CAP = sql.raw(String(LIST_TOTAL_CAP));

/**
 * Full-text search over every page of every report (report_pages_fts, one row per page), best match first
 * (BM25 on the page text), optionally within a work-order prefix; each hit is a page with a snippet cut from
 * its text. The W.O. prefix is a term of the MATCH (the row's work-order tokens), so the index does all the
 * filtering and documents are read only for the page of hits shown.
 *
 * Broad searches stay cheap (docs/decisions/0033-archive-scale.md): hits are counted up to LIST_TOTAL_CAP;
 * up to the cap every hit is ranked by BM25, exactly as before; past it ("10,000+") the newest hits (highest
 * rowid) are listed, up to the cap: latest report first, its pages in order.
 */
export async function searchReports(ctx: ServiceCtx, input: ReportSearchInput): Promise<ReportSearchPage> {
  const none = { hits: [], total: 0, total_capped: false };
  const query = reportQuery(input.q);
  if (!query) return none;
  const wo = input.wo?.toUpperCase();
  // A work order has at most WORK_ORDER_TOKENS characters: a longer prefix matches none.
  if (wo && wo.length > WORK_ORDER_TOKENS) return none;
  const match = `text : (${query.match})${wo ? ` AND wo : "${woToken(wo)}"` : ""}`;

  // FTS5 walks a MATCH lazily in rowid order: the newest cap+1 hits cost a bounded walk, never all of them.
  const offset = offsetOf(input.page, input.page_size);
  // One statement walks the newest cap+1 hits (FTS5 walks a MATCH lazily in rowid order, so never all of them),
  // counts them, and answers the page as a capped search lists it: the newest `cap` hits, latest report first,
  // its pages in order. Only the count and one page leave the database (a libSQL server sends them over HTTP).
  const span = sql.raw(String(REPORT_PAGE_SPAN));
  const newest = await ctx.db.all<{ rid: number | null; n: number }>(sql`
    SELECT rid, n FROM (SELECT rid, count(*) OVER () AS n, row_number() OVER (ORDER BY rid DESC) AS k
      FROM (SELECT rowid AS rid FROM report_pages_fts WHERE report_pages_fts MATCH ${match}
            ORDER BY rowid DESC LIMIT ${CAP} + 1))
    WHERE k <= ${CAP} ORDER BY rid / ${span} DESC, rid LIMIT ${input.page_size} OFFSET ${offset}`);
  const [count] = newest.length
    ? [newest[0]!.n]
    : (
        await ctx.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM (SELECT rowid FROM report_pages_fts
        WHERE report_pages_fts MATCH ${match} ORDER BY rowid DESC LIMIT ${CAP} + 1)`)
      ).map((r) => r.n);
  const capped = Number(count ?? 0) > LIST_TOTAL_CAP;
  const total = Math.min(Number(count ?? 0), LIST_TOTAL_CAP);
  if (offset >= total) return { hits: [], total, total_capped: capped };
  // Past the cap, newest first: BM25 would first walk every hit of every term across the archive (its weights).
  // Below it, every hit is ranked; the work-order column carries no weight, the score is the page text's.
  const rows = capped
    ? newest
    : await ctx.db.all<{ rid: number }>(sql`
        SELECT rowid AS rid FROM report_pages_fts WHERE report_pages_fts MATCH ${match}
        ORDER BY bm25(report_pages_fts, 1.0, 0.0), rowid LIMIT ${input.page_size} OFFSET ${offset}`);
  return { hits: await hitsOf(ctx, rows, query.terms), total, total_capped: capped };
}

/** Hits (rowids of report_pages_fts) as pages with their reports and snippets, in the order given. */
export async function hitsOf(
  ctx: ServiceCtx,
  rows: { rid: number | null }[],
  terms: SearchTerm[],
  snippetChars?: number,
): Promise<ReportHit[]> {
  if (!rows.length) return [];
  const keys = rows.map((r) => ({
    doc: Math.floor(Number(r.rid) / REPORT_PAGE_SPAN),
    page: Number(r.rid) % REPORT_PAGE_SPAN,
  }));
  // The hits' pages with their reports, in one statement (behind a libSQL server each one is a round trip).
  const wanted = sql.join(
    keys.map((k) => sql`(p.document_id = ${k.doc} AND p.page_no = ${k.page})`),
    sql` OR `,
  );
  const found = await ctx.db.all<DocRow & { page_no: number; text: string }>(sql`
    SELECT d.id, d.file_name, d.work_order, d.project, p.page_no, p.text
    FROM doc_pages p JOIN doc_documents d ON d.id = p.document_id
    WHERE (${wanted}) AND d.status = 'indexed'
      AND d.collection_id = (SELECT id FROM doc_collections WHERE name = ${REPORTS_DB})`);
  const hitOf = new Map(found.map((f) => [`${f.id}:${f.page_no}`, f]));
  const hits: ReportHit[] = [];
  for (const k of keys) {
    // Pages are indexed only with their report's row (the triggers); a row gone mid-read is skipped.
    const d = hitOf.get(`${k.doc}:${k.page}`);
    if (!d) continue;
    hits.push({
      file_id: k.doc,
      file_name: d.file_name,
      work_order: d.work_order ?? "",
      project: d.project ?? "",
      page: k.page,
      snippet: snippetOf(d.text, terms, snippetChars),
    });
  }
  return hits;
}
