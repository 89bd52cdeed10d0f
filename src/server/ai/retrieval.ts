import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type AnswerType, expectedAnswer } from "./answer-type";
import { matchExpression, type QueryTerm, queryTerms, stem } from "./fts-query";
import { namedDocuments } from "./named-documents";
import type { PageText } from "./page-split";
import { loadPassages } from "./passages";
import { rerank } from "./rerank";
import { hasEmbeddings, nearestChunks, reciprocalRankFusion } from "./vector-search";
import { completion, dfOf, indexStats } from "./vocabulary";

/**
 * Retrieval across a collection: BM25 over the chunks, fused with vector similarity when it has embeddings and
 * an endpoint is configured; then the best chunks within a context budget, with their file and pages to cite.
 */
export interface Passage {
  /** 1-based position in the context (what the prompt numbers it). */
  n: number;
  chunkId: number;
  documentId: number;
  file: string;
  storageKey: string;
  pages: PageText[];
}

export interface Retrieval {
  passages: Passage[];
  terms: QueryTerm[];
  /** A word of the question found nowhere in the index → the indexed word it begins (a clipped word completed). */
  completions: [string, string][];
  /** Chunks in the index (with each term's `df`, the terms' inverse document frequency). */
  chunks: number;
  mode: "fts" | "hybrid";
}

export interface RetrieveOptions {
  /** Most passages, and most characters of passage text, handed to the model. */
  limit?: number;
  budgetChars?: number;
  /** Candidates taken from each ranking before fusion, and the lowest cosine a vector hit needs. */
  candidates?: number;
  /** Vector of the question from the embeddings endpoint; null or a throw falls back to full-text alone. */
  embed?: (text: string) => Promise<Float32Array | null>;
  minCosine?: number;
  /**
   * Only these documents (a work order's reports): their chunks are few, so they are all scored in memory
   * (rerank.ts) instead of searched; vectors are not used.
   */
  documentIds?: number[];
  /** Filled with the milliseconds of each stage (terms, search, passages) when given: for the bench. */
  timings?: Record<string, number>;
}

export const CONTEXT_PASSAGES = 6;

/** Question terms with the chunks holding each (`df`); an unknown word is read as a clipped indexed word. */
export async function searchTerms(db: Db, question: string) {
  const terms = queryTerms(question);
  const stems = terms.flatMap((t) => t.stems);
  const stats = await indexStats(db, stems);
  const completions: [string, string][] = [];
  const extra: QueryTerm[] = [];
  for (const t of terms) {
    t.df = Math.min(...t.words.map((w) => dfOf(stats, w)));
    if (t.words.length !== 1 || t.df > 0) continue;
    const word = t.words[0]!;
    const fixed = (await completion(db, stem(word))) ?? (await completion(db, word));
    if (!fixed) continue;
    completions.push([word, fixed.term]);
    // Scored as the clipped word itself when it is long enough to be read as a beginning (holdsStem).
    const scored = fixed.prefix.length >= 4 ? fixed.prefix : fixed.term;
    extra.push({
      fts: `"${fixed.prefix}"*`,
      words: [fixed.term],
      stems: [scored],
      df: fixed.doc,
      guessed: true,
    });
  }
  return { terms: [...terms, ...extra], completions, chunks: stats.chunks };
}

/** Rows a full OR query may match before retrieval switches to the two-stage plan (planned below). */
export const FULL_QUERY_ROWS = 6000;
/** The rarest terms whose pairs make the first stage of the two-stage plan. */
const PAIRED_TERMS = 3;
/** Rows the pairs of those terms may be expected to match before the first stage asks for all three. */
const PAIR_ROWS = 2000;
/** Chunks each first-stage query adds to the pool reranked in memory. */
const RERANK_POOL = 200;

/** Chunk ids of the collections best matching `match` by bm25, best first. */
export async function ftsChunkIds(db: Db, collectionIds: number[], match: string, limit: number) {
  const rows = await db.all<{ id: number }>(sql`
    SELECT c.id AS id FROM doc_chunks_fts JOIN doc_chunks c ON c.id = doc_chunks_fts.rowid
    WHERE doc_chunks_fts MATCH ${match} AND c.collection_id IN ${collectionIds}
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
  const { terms, completions, chunks } = await searchTerms(db, question);
  lap("terms");
  const match = matchExpression(terms);
  const empty: Retrieval = { passages: [], terms, completions, chunks, mode: "fts" };
  if (!collectionIds.length) return empty;

  const rows = terms.reduce((n, t) => n + (t.df ?? 0), 0);
  // A question scoped to documents is scored in memory, without vectors.
  const scoped = opts.documentIds;
  // Documents the question names (or the scope's): their words are held by the whole document.
  const named = await namedDocuments(db, collectionIds, terms, scoped);
  const ftsIds = !match
    ? []
    : scoped
      ? await documentsChunkIds(db, scoped, terms, chunks, candidates)
      : rows <= FULL_QUERY_ROWS
        ? await ftsChunkIds(db, collectionIds, match, candidates)
        : await twoStageChunkIds(db, collectionIds, terms, chunks, candidates);
  let ranked = ftsIds;
  let mode: Retrieval["mode"] = "fts";
  if (opts.embed && !scoped) {
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
  // A document the question names comes first, all of it searched (its name may be on no page but the first).
  const namedIds =
    scoped || !named.length
      ? []
      : await documentsChunkIds(
          db,
          named.map((d) => d.id),
          terms,
          chunks,
          candidates,
        );
  const first = new Set(namedIds);
  ranked = [...namedIds, ...ranked.filter((id) => !first.has(id))];
  lap("search");
  if (!ranked.length) return { ...empty, mode };
  // Asked for a person or a number: a chunk that names one comes before one that only shares words (within the
  // named documents, when the question names some).
  const expected = expectedAnswer(question);
  const byAnswer = !scoped && NAMED_ANSWERS.has(expected.type);
  const pool = ranked.slice(0, limit * (byAnswer ? 3 : 2));
  const fits = (text: string, id: number) => expected.fits(text) && (!first.size || first.has(id));
  const passages = await loadPassages(db, pool, limit, opts.budgetChars, byAnswer ? fits : undefined);
  lap("passages");
  return { passages, terms, completions, chunks, mode };
}

/** Answers that are a name or a number: the text shows them, whatever the wording. */
const NAMED_ANSWERS = new Set<AnswerType>(["person", "contact"]);

/**
 * A large index, where FTS5's BM25 over an OR of common terms walks millions of rows: the first stage takes,
 * newest first and unranked, chunks holding two of the three rarest terms (all three when pairs match more than
 * PAIR_ROWS), topped up with the rarest alone; the pool is then scored in memory (rerank.ts).
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
  const pairs: [QueryTerm, QueryTerm][] = [];
  for (let i = 0; i < rare.length; i++)
    for (let j = i + 1; j < rare.length; j++) pairs.push([rare[i]!, rare[j]!]);
  const orOf = (list: [QueryTerm, QueryTerm][]) =>
    list.map(([a, b]) => `(${a.fts} AND ${b.fts})`).join(" OR ");
  // Counted, not estimated: the words of a project's name are far from independent.
  const wide = rare.length >= 3 && (await newestChunkIds(db, orOf(pairs), PAIR_ROWS + 1)).length > PAIR_ROWS;
  // Narrow to wide until the pool is big enough: all three (when pairs match too many), pairs, the rarest.
  const stages: string[] = [];
  if (wide) stages.push(rare.map((t) => t.fts).join(" AND "));
  const usePairs = wide ? pairs.slice(0, 1) : pairs;
  if (usePairs.length) stages.push(orOf(usePairs));
  stages.push(rare[0]!.fts);
  // Each stage's hits come with the texts of those in the collections (one statement a stage, not two).
  const pool = new Map<number, string | null>();
  for (const match of stages) {
    const hits = await db.all<{ id: number; text: string | null }>(sql`
      SELECT h.id AS id, CASE WHEN c.collection_id IN ${collectionIds} THEN c.text END AS text
      FROM (SELECT rowid AS id FROM doc_chunks_fts WHERE doc_chunks_fts MATCH ${match}
            ORDER BY rowid DESC LIMIT ${RERANK_POOL}) AS h
      JOIN doc_chunks c ON c.id = h.id`);
    for (const h of hits) pool.set(Number(h.id), h.text);
    if (pool.size >= limit / 2) break;
  }
  const pooled = [...pool].flatMap(([id, text]) => (text === null ? [] : [{ id, text }]));
  return rerank(pooled, terms, chunks).slice(0, limit);
}

/** Most chunks of a scoped question's documents scored in memory (a work order's reports hold far fewer). */
const SCOPED_CHUNKS = 5000;

/**
 * The chunks of `documentIds` best matching the terms, scored in memory; then the others in the documents' order,
 * so a question about these documents is always answered from them (the answer judges what they hold).
 */
async function documentsChunkIds(
  db: Db,
  documentIds: number[],
  terms: QueryTerm[],
  chunks: number,
  limit: number,
) {
  if (!documentIds.length) return [];
  const texts = await db.all<{ id: number; text: string }>(sql`
    SELECT id, text FROM doc_chunks WHERE document_id IN ${documentIds} ORDER BY id LIMIT ${SCOPED_CHUNKS}`);
  const scored = rerank(
    texts.map((t) => ({ id: Number(t.id), text: t.text })),
    terms,
    chunks,
  );
  const seen = new Set(scored);
  return [...scored, ...texts.map((t) => Number(t.id)).filter((id) => !seen.has(id))].slice(0, limit);
}

/** The newest `n` chunks matching: FTS5 walks a MATCH lazily in rowid order, so this reads at most `n` rows. */
async function newestChunkIds(db: Db, match: string, n: number) {
  const rows = await db.all<{ id: number }>(
    sql`SELECT rowid AS id FROM doc_chunks_fts WHERE doc_chunks_fts MATCH ${match} ORDER BY rowid DESC LIMIT ${n}`,
  );
  return rows.map((r) => Number(r.id));
}
