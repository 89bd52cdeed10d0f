import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { estimateHits, idRange } from "../lib/fts-estimate";
import { stem } from "./fts-query";

/**
 * What the chunk index knows about words, read from its fts5vocab view: how many chunks hold a stem (for
 * term weights and query planning) and which stems exist near a typo. Lookups are by term (the view seeks
 * the index; it never scans it whole), and typo candidates are read per two-letter prefix and kept until a
 * chunk is added (counts: until the index grows by a percent).
 */
export interface IndexStats {
  /** Chunks in the index. */
  chunks: number;
  /** Chunks holding each asked stem (0: never seen). */
  df: Map<string, number>;
}

type Term = { term: string; doc: number };
interface Cached {
  sig: number;
  chunks: number;
  /** Chunks holding a stem, as read from the vocabulary (each lookup reads the stem's whole doclist). */
  df: Map<string, number>;
  /** Two-letter prefix → indexed stems by length. */
  prefixes: Map<string, Promise<Map<number, Term[]>>>;
}
const cache = new WeakMap<Db, Cached>();
/** Stems whose counts are kept; past it the counts start over. */
const DF_KEPT = 50_000;
/** Chunks added since the counts were read, as a share of the index, before they are read again. */
const STALE_SHARE = 0.01;

/**
 * The index's size and the counts read so far. Reading a common stem's count walks its whole doclist (tens of
 * milliseconds at two million chunks), so counts are kept while the index grows by less than STALE_SHARE:
 * a weight off by a percent ranks the same, and a bulk run does not re-read them after every report.
 */
async function state(db: Db): Promise<Cached> {
  const [row] = await db.all<{ m: number | null }>(sql`SELECT max(id) AS m FROM doc_chunks`);
  const sig = Number(row?.m ?? 0);
  const hit = cache.get(db);
  if (hit && hit.sig === sig) return hit;
  if (hit && sig > hit.sig && sig - hit.sig < hit.chunks * STALE_SHARE) {
    // At most this many chunks were added (ids only grow).
    hit.chunks += sig - hit.sig;
    hit.sig = sig;
    return hit;
  }
  const [count] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM doc_chunks`);
  const fresh = { sig, chunks: Number(count?.n ?? 0), df: new Map(), prefixes: new Map() };
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
async function commonCounts(db: Db, stems: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const range = await idRange(db, "doc_chunks");
  if (range.span < PROBE) return out;
  for (const x of stems) {
    // The stem as a query term: the tokenizer stems it again, which leaves a stem as it is.
    if (!/^[\p{L}\p{N}]+$/u.test(x)) continue;
    const n = await estimateHits(db, "doc_chunks_fts", `"${x}"`, range, PROBE);
    if (n !== null) out.set(x, Math.round(n));
  }
  return out;
}

/** Document frequencies of `stems` (and the index size), in one lookup of the stems not yet counted. */
export async function indexStats(db: Db, stems: string[]): Promise<IndexStats> {
  const s = await state(db);
  const unique = [...new Set(stems)].filter(Boolean);
  const missing = unique.filter((x) => !s.df.has(x));
  if (missing.length) {
    const common = await commonCounts(db, missing);
    const exact = missing.filter((x) => !common.has(x));
    const rows = exact.length
      ? await db.all<{ term: string; doc: number }>(
          sql`SELECT term, doc FROM doc_chunks_fts_vocab WHERE term IN (${sql.join(
            exact.map((x) => sql`${x}`),
            sql`, `,
          )})`,
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

/**
 * How far a word may be from a known stem: none below 5 letters (short words are mostly real words the
 * documents do not use), one edit below 9, two from 9 on. A swap of two letters is one edit.
 */
const allowed = (n: number) => (n >= 9 ? 2 : n >= 5 ? 1 : 0);

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), stopping past `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Uint16Array(n + 1);
  let prev = Uint16Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Uint16Array(n + 1);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

/** Indexed stems starting with `prefix` (two letters) by length; cached until a chunk is added. */
async function termsStarting(db: Db, prefix: string) {
  const s = await state(db);
  let hit = s.prefixes.get(prefix);
  if (!hit) {
    const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
    hit = db
      .all<Term>(
        sql`SELECT term, doc FROM doc_chunks_fts_vocab WHERE term >= ${prefix} AND term < ${end} AND doc > 0`,
      )
      .then((rows) => {
        const byLength = new Map<number, Term[]>();
        for (const r of rows) {
          const list = byLength.get(r.term.length) ?? [];
          list.push({ term: r.term, doc: Number(r.doc) });
          byLength.set(r.term.length, list);
        }
        return byLength;
      });
    s.prefixes.set(prefix, hit);
  }
  return hit;
}

/**
 * The known stem closest to a word the index has never seen, or null when nothing is close enough. Typos
 * rarely touch the first two letters, so only stems sharing them are compared.
 */
export async function correction(db: Db, word: string): Promise<{ term: string; doc: number } | null> {
  const max = allowed(word.length);
  if (!max || !/^\p{L}+$/u.test(word)) return null;
  const s = stem(word);
  let best: string | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  let bestDf = 0;
  const byLength = await termsStarting(db, word.slice(0, 2));
  const consider = (t: string, doc: number, d: number) => {
    if (d <= max && (d < bestD || (d === bestD && doc > bestDf))) {
      best = t;
      bestD = d;
      bestDf = doc;
    }
  };
  // The whole stem, within `max` letters of its length…
  for (let len = Math.max(3, s.length - max); len <= s.length + max; len++) {
    for (const { term, doc } of byLength.get(len) ?? []) consider(term, doc, editDistance(s, term, max));
  }
  // …or the typed word cut to a stem's length (a stem is mostly a prefix of its words: "vacaton" → "vacat").
  for (let len = Math.max(4, word.length - 3); len < word.length; len++) {
    const cut = word.slice(0, len);
    for (const { term, doc } of byLength.get(len) ?? [])
      consider(term, doc, editDistance(cut, term, max) + 0.5);
  }
  return best ? { term: best, doc: bestDf } : null;
}

/**
 * A clipped word ("temp" for temperature, "consol" for consolidation): the indexed stems it begins, with the
 * chunks holding the most common of them, or null when it begins none. Three letters at least.
 */
export async function completion(
  db: Db,
  word: string,
): Promise<{ term: string; doc: number; prefix: string } | null> {
  if (word.length < 3 || !/^\p{L}+$/u.test(word)) return null;
  const byLength = await termsStarting(db, word.slice(0, 2));
  let best: Term | null = null;
  for (const [len, list] of byLength) {
    if (len <= word.length) continue;
    for (const t of list) if (t.term.startsWith(word) && (!best || t.doc > best.doc)) best = t;
  }
  return best ? { term: best.term, doc: best.doc, prefix: word } : null;
}
