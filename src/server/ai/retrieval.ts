import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { matchExpression, type QueryTerm, queryTerms } from "./fts-query";
import { CONTEXT_BUDGET_CHARS, loadPassages } from "./passages";

export { CONTEXT_BUDGET_CHARS };

import type { PageText } from "./page-split";
import { rerank } from "./rerank";
import { hasEmbeddings, nearestChunks, reciprocalRankFusion } from "./vector-search";
import { correction, dfOf, indexStats } from "./vocabulary";

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
  /** Filled with the milliseconds of each stage (terms, search, passages) when given: for the bench. */
  timings?: Record<string, number>;
}

export const CONTEXT_PASSAGES = 6;

/**
 * Question terms with how many chunks hold each (`df`), plus, for words the index has never seen, the closest
 * indexed stem as a prefix term (a typo correction).
 */
export async function searchTerms(db: Db, question: string) {
  const terms = queryTerms(question);
  const stats = await indexStats(
    db,
    terms.flatMap((t) => [...t.stems, ...(t.alts ?? []).flat()]),
  );
  const corrections: [string, string][] = [];
  const extra: QueryTerm[] = [];
  for (const t of terms) {
    const df = (words: string[]) => Math.min(...words.map((w) => dfOf(stats, w)));
    t.df = Math.max(df(t.words), ...(t.alts ?? []).map((alt) => df(alt)));
    if (t.words.length !== 1 || t.df > 0) continue;
    const fixed = await correction(db, t.words[0]!);
    if (!fixed) continue;
    corrections.push([t.words[0]!, fixed.term]);
    extra.push({ fts: `"${fixed.term}"*`, words: [fixed.term], stems: [fixed.term], df: fixed.doc });
  }
  return { terms: [...terms, ...extra], corrections, chunks: stats.chunks };
}

/** Rows a full OR query may match before retrieval switches to the two-stage plan (planned below). */
export const FULL_QUERY_ROWS = 6000;
/** The rarest terms whose pairs make the first stage of the two-stage plan. */
const PAIRED_TERMS = 3;
/** Rows the pairs of those terms may be expected to match before the first stage asks for all three. */
const PAIR_ROWS = 2000;
const RERANK_POOL = 100;

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
  let mark = performance.now();
  const lap = (name: string) => {
    if (opts.timings) opts.timings[name] = performance.now() - mark;
    mark = performance.now();
  };
  const { terms, corrections, chunks } = await searchTerms(db, question);
  lap("terms");
  const match = matchExpression(terms);
  const empty: Retrieval = { passages: [], terms, corrections, chunks, mode: "fts" };
  if (!collectionIds.length) return empty;

  const rows = terms.reduce((n, t) => n + (t.df ?? 0), 0);
  const ftsIds = !match
    ? []
    : rows <= FULL_QUERY_ROWS
      ? await ftsChunkIds(db, collectionIds, match, candidates)
      : await twoStageChunkIds(db, collectionIds, terms, chunks, candidates);
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
  lap("search");
  if (!ranked.length) return { ...empty, mode };
  const passages = await loadPassages(db, ranked.slice(0, limit * 2), limit, opts.budgetChars);
  lap("passages");
  return { passages, terms, corrections, chunks, mode };
}

/**
 * A large index: FTS5 scores every row a query matches, so an OR of common terms over 200,000 chunks is slow,
 * while an AND of two terms is cheap (the index intersects their lists). The first stage takes chunks holding
 * at least two of the question's rarest terms, topped up with the rarest term alone when they are few; the
 * pool is then scored with every term by BM25 in memory (rerank.ts).
 */
async function twoStageChunkIds(
  db: Db,
  collectionIds: number[],
  terms: QueryTerm[],
  chunks: number,
  limit: number,
) {
  const rare = terms
    .filter((t) => (t.df ?? 0) > 0)
    .sort((a, b) => a.df! - b.df!)
    .slice(0, PAIRED_TERMS);
  if (!rare.length) return [];
  // Stages from narrow to wide, each ranked by FTS5, until the pool is big enough: all three rarest terms
  // (when their pairs would match too many rows), their pairs (or only the rarest pair), the rarest term.
  const est = (a: QueryTerm, b: QueryTerm) => (a.df! * b.df!) / Math.max(1, chunks);
  const pairs: [QueryTerm, QueryTerm][] = [];
  for (let i = 0; i < rare.length; i++)
    for (let j = i + 1; j < rare.length; j++) pairs.push([rare[i]!, rare[j]!]);
  const wide = pairs.reduce((n, [a, b]) => n + est(a, b), 0) > PAIR_ROWS;
  const stages: string[] = [];
  if (wide && rare.length >= 3) stages.push(rare.map((t) => t.fts).join(" AND "));
  const usePairs = wide ? pairs.slice(0, 1) : pairs;
  if (usePairs.length) stages.push(usePairs.map(([a, b]) => `(${a.fts} AND ${b.fts})`).join(" OR "));
  stages.push(rare[0]!.fts);
  const pool = new Set<number>();
  for (const match of stages) {
    const rows = await db.all<{ id: number }>(
      sql`SELECT rowid AS id FROM doc_chunks_fts WHERE doc_chunks_fts MATCH ${match} ORDER BY rank LIMIT ${RERANK_POOL}`,
    );
    for (const r of rows) pool.add(Number(r.id));
    if (pool.size >= limit / 2) break;
  }
  if (!pool.size) return [];
  const ids = sql.join(
    [...pool].map((id) => sql`${id}`),
    sql`, `,
  );
  const cols = sql.join(
    collectionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const texts = await db.all<{ id: number; text: string }>(
    sql`SELECT id, text FROM doc_chunks WHERE id IN (${ids}) AND collection_id IN (${cols})`,
  );
  return rerank(
    texts.map((t) => ({ id: Number(t.id), text: t.text })),
    terms,
    chunks,
  ).slice(0, limit);
}
