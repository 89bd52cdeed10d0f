import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type PageText, splitByPage } from "./page-split";
import type { Passage } from "./retrieval";
import { headingsAt, runOn, sentenceEnd, sentenceStart, tableEnd } from "./sentences";

export const CONTEXT_BUDGET_CHARS = 6000;

interface ChunkRow {
  id: number;
  document_id: number;
  first_page: number;
  last_page: number;
  text: string;
  file_name: string;
  storage_key: string;
}

/**
 * The chunks in rank order within the budget (at least one), split at page breaks and widened to whole sentences
 * (a quoted half-sentence reads as a wrong answer); with `first`, the chunks it accepts come first.
 */
export async function loadPassages(
  db: Db,
  ids: number[],
  limit: number,
  budget = CONTEXT_BUDGET_CHARS,
  first?: (text: string, id: number) => boolean,
): Promise<Passage[]> {
  const { rows, pages } = await chunksAndPages(db, ids);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const preferred = (id: number) => !!first && first(byId.get(id)?.text ?? "", id);
  const order = first ? [...ids.filter(preferred), ...ids.filter((id) => !preferred(id))] : ids;
  const chosen: ChunkRow[] = [];
  let used = 0;
  for (const id of order) {
    const r = byId.get(id);
    if (!r) continue;
    if (chosen.length && used + r.text.length > budget) continue;
    chosen.push(r);
    used += r.text.length;
    if (chosen.length >= limit) break;
  }
  return chosen.map<Passage>((r, i) => {
    const own = pages.get(Number(r.document_id)) ?? new Map<number, string>();
    const inRange: PageText[] = [];
    for (let p = r.first_page; p <= r.last_page; p++) {
      const text = own.get(p);
      if (text !== undefined) inRange.push({ page: p, text });
    }
    // A chunk on one page is that page's part whole (splitByPage needs two pages to split).
    const widened = splitByPage(r.text, r.first_page, inRange).map((part) => widen(part, own.get(part.page)));
    const next = continuation(widened.at(-1), own);
    return {
      n: i + 1,
      chunkId: Number(r.id),
      documentId: Number(r.document_id),
      file: r.file_name,
      storageKey: r.storage_key,
      pages: next ? [...widened, next] : widened,
    };
  });
}

/** A page's part of a chunk, widened to the sentences it cuts into (the page text is the reference). */
function widen(part: PageText, page: string | undefined): PageText {
  if (!page) return part;
  const at = page.indexOf(part.text.slice(0, 60));
  if (at < 0) return part;
  const start = sentenceStart(page, at);
  const end = tableEnd(page, sentenceEnd(page, at + part.text.length));
  const text = page.slice(start, Math.max(end, at + part.text.length)).trim();
  // The section headings above it, when the passage starts below them (they are context, never quoted).
  const above = headingsAt(page, start).filter((h) => !text.includes(h));
  return { page: part.page, text: above.length ? `${above.join("\n")}\n${text}` : text };
}

/**
 * A passage that ends its page in the middle of a sentence: the rest of that sentence, from the top of the next
 * page (which goes on in lower case), so the sentence is read whole and cited on both pages.
 */
function continuation(last: PageText | undefined, pages: Map<number, string>): PageText | null {
  if (!last) return null;
  const page = pages.get(last.page);
  const next = pages.get(last.page + 1)?.trimStart();
  if (!page || !next || !page.trimEnd().endsWith(last.text.trimEnd().slice(-40))) return null;
  const rest = runOn(last.text.trimEnd(), next);
  return rest === null ? null : { page: last.page + 1, text: rest.trim() };
}

/**
 * The chunks `ids` with their files, and the texts of every page they touch (and the page after each, for a
 * sentence it finishes), in one statement: one round trip to a libSQL server instead of two. The pages of
 * candidates the budget then leaves out come too (a few kilobytes). (drizzle writes an array as `(?, ?, …)`.)
 */
async function chunksAndPages(db: Db, ids: number[]) {
  type Row = ChunkRow & { kind: "c" | "p"; page_no: number | null };
  const found = await db.all<Row>(sql`
    SELECT 'c' AS kind, c.id, c.document_id, c.first_page, c.last_page, c.text, d.file_name, d.storage_key,
      NULL AS page_no
    FROM doc_chunks c JOIN doc_documents d ON d.id = c.document_id WHERE c.id IN ${ids}
    UNION
    SELECT 'p', NULL, p.document_id, NULL, NULL, p.text, NULL, NULL, p.page_no
    FROM doc_chunks c JOIN doc_pages p
      ON p.document_id = c.document_id AND p.page_no BETWEEN c.first_page AND c.last_page + 1
    WHERE c.id IN ${ids}`);
  const rows: ChunkRow[] = [];
  const pages = new Map<number, Map<number, string>>();
  for (const r of found) {
    if (r.kind === "c") {
      rows.push(r);
      continue;
    }
    const doc = pages.get(Number(r.document_id)) ?? new Map<number, string>();
    doc.set(Number(r.page_no), r.text);
    pages.set(Number(r.document_id), doc);
  }
  return { rows, pages };
}
