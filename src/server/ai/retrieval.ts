import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { matchExpression, type QueryTerm, queryTerms } from "./fts-query";
import { CONTEXT_BUDGET_CHARS, loadPassages } from "./passages";

export { CONTEXT_BUDGET_CHARS };

import type { PageText } from "./page-split";
import { hasEmbeddings, nearestChunks, reciprocalRankFusion } from "./vector-search";
import { correction, documentFrequency, vocabulary } from "./vocabulary";

/**
 * Retrieval across a whole collection (every file in it): BM25 full-text over the chunks, fused with vector
 * similarity (reciprocal rank fusion) when the collection has chunk embeddings and an embeddings endpoint is
 * configured; then the best chunks that fit a context budget, each with its file and the text of each page it
 * covers, so an answer can cite file and page.
 */
export interface Passage {
  /** 1-based position in the context (what the prompt numbers it). */
  n: number;
  chunkId: number;
  documentId: number;
  file: string;
  storageKey: string;
  /** The chunk's text, split at page breaks. */
  pages: PageText[];
}

export interface Retrieval {
  passages: Passage[];
  terms: QueryTerm[];
  /** Typed word → the indexed stem it was read as. */
  corrections: [string, string][];
  /** Chunks in the index (with each term's `df`, the terms' inverse document frequency). */
  chunks: number;
  mode: "fts" | "hybrid";
}

export interface RetrieveOptions {
  /** Most passages handed to the model. */
  limit?: number;
  /** Most characters of passage text handed to the model. */
  budgetChars?: number;
  /** Candidates taken from each ranking before fusion. */
  candidates?: number;
  /** Vector of the question from the embeddings endpoint; null or a throw falls back to full-text alone. */
  embed?: (text: string) => Promise<Float32Array | null>;
  /** Lowest cosine similarity a vector hit needs to count. */
  minCosine?: number;
}

export const CONTEXT_PASSAGES = 6;

/** Question terms plus, for words the index has never seen, the closest indexed stem as a prefix term. */
export async function searchTerms(db: Db, question: string) {
  const terms = queryTerms(question);
  const corrections: [string, string][] = [];
  const extra: QueryTerm[] = [];
  const vocab = await vocabulary(db);
  for (const t of terms) {
    const df = (words: string[]) => Math.min(...words.map((w) => documentFrequency(vocab, w)));
    t.df = Math.max(df(t.words), ...(t.alts ?? []).map((alt) => df(alt)));
    if (t.words.length !== 1 || t.df > 0) continue;
    const fixed = correction(vocab, t.words[0]!);
    if (!fixed) continue;
    corrections.push([t.words[0]!, fixed]);
    extra.push({ fts: `"${fixed}"*`, words: [fixed], stems: [fixed], df: vocab.df.get(fixed) ?? 1 });
  }
  return { terms: [...terms, ...extra], corrections, chunks: vocab.chunks };
}

/** Chunk ids of the collections best matching `match` by bm25, best first. */
export async function ftsChunkIds(db: Db, collectionIds: number[], match: string, limit: number) {
  const ids = sql.join(
    collectionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.all<{ id: number }>(sql`
    SELECT c.id AS id FROM doc_chunks_fts JOIN doc_chunks c ON c.id = doc_chunks_fts.rowid
    WHERE doc_chunks_fts MATCH ${match} AND c.collection_id IN (${ids})
    ORDER BY bm25(doc_chunks_fts) LIMIT ${limit}`);
  return rows.map((r) => Number(r.id));
}

export async function retrieve(
  db: Db,
  collectionIds: number[],
  question: string,
  opts: RetrieveOptions = {},
): Promise<Retrieval> {
  const limit = opts.limit ?? CONTEXT_PASSAGES;
  const candidates = opts.candidates ?? 40;
  const { terms, corrections, chunks } = await searchTerms(db, question);
  const match = matchExpression(terms);
  const empty: Retrieval = { passages: [], terms, corrections, chunks, mode: "fts" };
  if (!collectionIds.length) return empty;

  const ftsIds = match ? await ftsChunkIds(db, collectionIds, match, candidates) : [];
  let ranked = ftsIds;
  let mode: Retrieval["mode"] = "fts";
  if (opts.embed) {
    const withVectors = [];
    for (const id of collectionIds) if (await hasEmbeddings(db, id)) withVectors.push(id);
    const vector = withVectors.length ? await opts.embed(question).catch(() => null) : null;
    if (vector) {
      const vecIds: number[] = [];
      for (const id of withVectors) {
        vecIds.push(...(await nearestChunks(db, id, vector, candidates, opts.minCosine ?? 0.2)));
      }
      ranked = reciprocalRankFusion([ftsIds, vecIds]);
      mode = "hybrid";
    }
  }
  if (!ranked.length) return { ...empty, mode };
  const passages = await loadPassages(db, ranked.slice(0, limit * 2), limit, opts.budgetChars);
  return { passages, terms, corrections, chunks, mode };
}
