import { INTERNAL_DBS } from "@shared/documents";
import { type FoundGroup, markWords, pathWith, SEARCH_COUNT_CAP } from "@shared/search";
import { sql } from "drizzle-orm";
import type { ServiceCtx } from "../../lib/service-ctx";
import { wholeWordMatch } from "../../lib/sql";

/**
 * How many of the newest text matches are read to find the document databases' ones: report chunks share the
 * index, and a word found only in reports must not walk the whole archive.
 */
const WALK = 500;

interface ChunkRow {
  id: number;
  first_page: number;
  text: string;
  file_name: string;
  db: string;
  title: string;
}

/**
 * Pages of the document databases (not the portal's own collections) whose text holds every whole word, newest
 * first, through the chunks' full-text index: what the Database Explorer lets any signed-in person read. Each
 * hit names its database, file and first page; the count is of the newest WALK text matches, up to the cap.
 */
export async function findDocumentPagesFor(
  ctx: ServiceCtx,
  input: { q: string; limit: number },
): Promise<FoundGroup> {
  const more = pathWith("/db-viewer", {});
  const match = wholeWordMatch(input.q);
  if (!match) return { count: 0, capped: false, hits: [], more };
  const internal = sql.join(
    INTERNAL_DBS.map((n) => sql`${n}`),
    sql`, `,
  );
  const read = (words: string) =>
    ctx.db.all<ChunkRow>(sql`
    SELECT c.id, c.first_page, c.text, d.file_name, col.name AS db, col.title
    FROM (SELECT rowid AS rid FROM doc_chunks_fts WHERE doc_chunks_fts MATCH ${words}
          ORDER BY rowid DESC LIMIT ${sql.raw(String(WALK))}) h
    JOIN doc_chunks c ON c.id = h.rid
    JOIN doc_collections col ON col.id = c.collection_id AND col.name NOT IN (${internal})
    JOIN doc_documents d ON d.id = c.document_id
    ORDER BY h.rid DESC LIMIT ${sql.raw(String(SEARCH_COUNT_CAP + 1))}`);
  // Whole words: this group is searched only for a submitted search (never as you type), and a prefix over an
  // index the reports share expands to every word it starts across the archive.
  const rows = await read(match);
  const hits = rows.slice(0, input.limit).map((r) => ({
    key: `chunk:${r.id}`,
    title: r.file_name,
    detail: `${r.title || r.db} · page ${r.first_page}`,
    snippet: markWords(r.text, input.q),
    link: pathWith("/db-viewer", { db: r.db, q: r.file_name }),
  }));
  return {
    count: Math.min(rows.length, SEARCH_COUNT_CAP),
    capped: rows.length > SEARCH_COUNT_CAP,
    hits,
    more,
  };
}
