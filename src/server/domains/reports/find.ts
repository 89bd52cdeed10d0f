import {
  countedRows,
  type FoundGroup,
  markWords,
  pathWith,
  SEARCH_COUNT_CAP,
  type SearchHit,
} from "@shared/search";
import { sql } from "drizzle-orm";
import type { ServiceCtx } from "../../lib/service-ctx";
import { containsPattern, wholeWordsFirst } from "../../lib/sql";
import { reportsCollectionId } from "./collection";
import { hitsOf } from "./search";
import { reportQuery } from "./search-query";

const CAP_PLUS_ONE = sql.raw(String(SEARCH_COUNT_CAP + 1));

/**
 * Reports for the one search: file names that hold the text (the Indexed Files list's filter), then pages
 * whose text matches (the Reports search's query and snippet). Pages are the newest matches: FTS5 walks a MATCH
 * in rowid order, so one bounded walk of SEARCH_COUNT_CAP + 1 hits gives the count and the first `limit`, where ranking
 * every hit by BM25 would read all of them (the Reports screen ranks; "See all" opens it).
 */
export async function findReportsFor(
  ctx: ServiceCtx,
  input: { q: string; limit: number },
  { pages: withPages = true } = {},
): Promise<FoundGroup> {
  const more = pathWith("/reports", { q: input.q });
  const id = await reportsCollectionId(ctx.db);
  if (!id) return { count: 0, capped: false, hits: [], more };
  const noPages = { hits: [], count: 0, capped: false };
  const [files, pages] = await Promise.all([
    fileHits(ctx, id, input),
    withPages ? pageHits(ctx, input) : noPages,
  ]);
  const count = files.count + pages.count;
  return {
    count: Math.min(count, SEARCH_COUNT_CAP),
    capped: files.capped || pages.capped || count > SEARCH_COUNT_CAP,
    hits: [...files.hits, ...pages.hits].slice(0, input.limit),
    more,
  };
}

/**
 * File names holding the text, read from the (collection, file name) index alone (a scan of the narrow index, not
 * of the documents), last name first: names start with their work order, and numbers run with time, so the
 * newest work orders come first. The rows shown are then read by id; one not indexed (still processing, failed)
 * is left out.
 */
async function fileHits(ctx: ServiceCtx, collection: number, input: { q: string; limit: number }) {
  const { rows, ...total } = countedRows(
    await ctx.db.all<{ id: number }>(
      sql`SELECT id FROM doc_documents WHERE collection_id = ${collection}
          AND file_name LIKE ${containsPattern(input.q)} ESCAPE '\\' ORDER BY file_name DESC LIMIT ${CAP_PLUS_ONE}`,
    ),
    input.limit,
  );
  const ids = rows.map((r) => Number(r.id));
  const found = ids.length
    ? await ctx.db.all<{ id: number; file_name: string; work_order: string | null; project: string | null }>(
        sql`SELECT id, file_name, work_order, project FROM doc_documents
            WHERE id IN (${sql.join(ids, sql`, `)}) AND status = 'indexed'`,
      )
    : [];
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  const hits = ids.flatMap((id): SearchHit[] => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        key: `file:${r.id}`,
        title: r.file_name,
        detail: [r.work_order, r.project].filter(Boolean).join(" · "),
        snippet: markWords(r.file_name, input.q),
        link: pathWith("/reports", { file_q: r.file_name }),
      },
    ];
  });
  return { hits, ...total };
}

async function pageHits(ctx: ServiceCtx, input: { q: string; limit: number }) {
  const query = reportQuery(input.q);
  if (!query) return { hits: [], count: 0, capped: false };
  const read = (words: string) =>
    ctx.db.all<{ rid: number }>(
      sql`SELECT rowid AS rid FROM report_pages_fts WHERE report_pages_fts MATCH ${`text : (${words})`}
          ORDER BY rowid DESC LIMIT ${CAP_PLUS_ONE}`,
    );
  // The last word as typed is a prefix; whole words alone when they already fill the count.
  const whole = query.match.replaceAll('"*', '"');
  const { rows: newest, ...total } = countedRows(
    await wholeWordsFirst(read, whole, query.match, SEARCH_COUNT_CAP + 1),
    input.limit,
  );
  const found = await hitsOf(ctx, newest, query.terms, 160);
  const hits = found.map(
    (h): SearchHit => ({
      key: `page:${h.file_id}:${h.page}`,
      title: h.file_name,
      detail: [h.work_order, h.project, `page ${h.page}`].filter(Boolean).join(" · "),
      snippet: h.snippet,
      link: pathWith("/reports", { q: input.q, wo: h.work_order || undefined }),
    }),
  );
  return { hits, ...total };
}
