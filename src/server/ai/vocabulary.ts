import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { estimateHitsMany, type IdRange, idRange } from "../lib/fts-estimate";
import { stem } from "./fts-query";

/**
 * What the chunk index knows about words, from its fts5vocab view (looked up by term: never scanned whole): how
 * many chunks hold a stem, and which stems a clipped word begins (read per word, kept until a chunk
 * is added; counts until the index grows by a percent).
 */
export interface IndexStats {
  chunks: number;
  /** Chunks holding each asked stem (0: never seen). */
  df: Map<string, number>;
}

type Term = { term: string; doc: number };
interface Cached {
  sig: number;
  chunks: number;
  /** The chunk ids' range (where a stem's probe hit lies says how common it is). */
  range: IdRange;
  /** Chunks holding a stem, as read from the vocabulary (each lookup reads the stem's whole doclist). */
  df: Map<string, number>;
  /** A clipped word → the indexed stems starting with it (at most PREFIXES_KEPT words). */
  prefixes: Map<string, Promise<Term[]>>;
}
const cache = new WeakMap<Db, Cached>();
/** Stems whose counts are kept; past it the counts start over. */
const DF_KEPT = 50_000;
/** Chunks added since the counts were read, as a share of the index, before they are read again. */
const STALE_SHARE = 0.01;

/**
 * The index's size and the counts read so far, kept while the index grows by less than STALE_SHARE (a common
 * stem's count walks its whole doclist; a weight off by a percent ranks the same).
 */
async function state(db: Db): Promise<Cached> {
  const range = await idRange(db, "doc_chunks");
  // The highest id: ids only grow, so it changes when a chunk is added.
  const sig = range.span ? range.lo + range.span - 1 : 0;
  const hit = cache.get(db);
  if (hit && hit.sig === sig) return hit;
  if (hit && sig > hit.sig && sig - hit.sig < hit.chunks * STALE_SHARE) {
    // At most this many chunks were added (ids only grow).
    hit.chunks += sig - hit.sig;
    hit.sig = sig;
    hit.range = range;
    return hit;
  }
  const [count] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM doc_chunks`);
  const fresh = { sig, chunks: Number(count?.n ?? 0), range, df: new Map(), prefixes: new Map() };
  cache.set(db, fresh);
  return fresh;
}

/** Hits a probe reads: stems with fewer are counted exactly, from the vocabulary. */
const PROBE = 2000;

/**
 * Counts of the common stems among `stems`, estimated: the vocabulary counts a stem by reading its whole doclist
 * (tens of milliseconds for a word in a third of two million chunks, on a question's first asking), while the
 * PROBE-th hit's place among the chunk ids says nearly as much in a fraction of a millisecond. Stems with fewer
 * hits are left out (their exact count is cheap), so small collections keep exact weights.
 */
async function commonCounts(db: Db, stems: string[], range: IdRange): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (range.span < PROBE) return out;
  // The stem as a query term: the tokenizer stems it again, which leaves a stem as it is.
  const words = stems.filter((x) => /^[\p{L}\p{N}]+$/u.test(x));
  const counts = await estimateHitsMany(
    db,
    "doc_chunks_fts",
    words.map((x) => `"${x}"`),
    range,
    PROBE,
  );
  for (const [i, x] of words.entries()) if (counts[i] != null) out.set(x, Math.round(counts[i]!));
  return out;
}

/** Document frequencies of `stems` (and the index size), in one lookup of the stems not yet counted. */
export async function indexStats(db: Db, stems: string[]): Promise<IndexStats> {
  const s = await state(db);
  const unique = [...new Set(stems)].filter(Boolean);
  const missing = unique.filter((x) => !s.df.has(x));
  if (missing.length) {
    const common = await commonCounts(db, missing, s.range);
    const exact = missing.filter((x) => !common.has(x));
    const rows = exact.length
      ? await db.all<{ term: string; doc: number }>(
          sql`SELECT term, doc FROM doc_chunks_fts_vocab WHERE term IN ${exact}`,
        )
      : [];
    if (s.df.size + missing.length > DF_KEPT) s.df.clear();
    for (const x of missing) s.df.set(x, common.get(x) ?? 0);
    for (const r of rows) s.df.set(r.term, Number(r.doc));
  }
  return { chunks: s.chunks, df: new Map(unique.map((x) => [x, s.df.get(x) ?? 0])) };
}

/** Chunks holding a word (as its stem, or as indexed); from stats gathered for it. */
export const dfOf = (stats: IndexStats, word: string) => stats.df.get(stem(word)) ?? stats.df.get(word) ?? 0;

/** Clipped words whose completions are kept; past it they start over. */
const PREFIXES_KEPT = 5000;

/**
 * Indexed stems starting with `prefix` (the whole clipped word: the vocabulary counts each term's chunks by
 * walking its doclist, so a short prefix of a large index would read millions); cached until a chunk is added.
 */
async function termsStarting(db: Db, prefix: string) {
  const s = await state(db);
  let hit = s.prefixes.get(prefix);
  if (!hit) {
    if (s.prefixes.size >= PREFIXES_KEPT) s.prefixes.clear();
    const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
    hit = db
      .all<Term>(
        sql`SELECT term, doc FROM doc_chunks_fts_vocab WHERE term >= ${prefix} AND term < ${end} AND doc > 0`,
      )
      .then((rows) => rows.map((r) => ({ term: r.term, doc: Number(r.doc) })));
    s.prefixes.set(prefix, hit);
  }
  return hit;
}

/**
 * A clipped word ("temp" for temperature, "consol" for consolidation), three letters at least: the most common
 * indexed stem it begins, with the chunks holding it; null when it begins none.
 */
export async function completion(db: Db, word: string) {
  if (word.length < 3 || !/^\p{L}+$/u.test(word)) return null;
  let best: Term | null = null;
  for (const t of await termsStarting(db, word))
    if (t.term.length > word.length && t.term.startsWith(word) && (!best || t.doc > best.doc)) best = t;
  return best ? { term: best.term, doc: best.doc, prefix: word } : null;
}
