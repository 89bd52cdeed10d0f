import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { stem } from "./fts-query";

/**
 * The terms of the chunk index (porter stems, with how many chunks hold each), read from the fts5vocab view
 * and kept in memory until a chunk is added. Used to correct typos: a question word the index has never seen
 * is replaced by the closest known stem starting with the same letter ("vacaton" → "vacat", "retirment" →
 * "retir"), so full-text retrieval still finds the passage.
 */
export interface Vocab {
  sig: number;
  /** Chunks in the index (for inverse document frequency). */
  chunks: number;
  df: Map<string, number>;
  byFirst: Map<string, string[]>;
}

const cache = new WeakMap<Db, Vocab | Promise<Vocab>>();

async function load(db: Db, sig: number): Promise<Vocab> {
  const rows = await db.all<{ term: string; doc: number }>(
    sql`SELECT term, doc FROM doc_chunks_fts_vocab WHERE doc > 0`,
  );
  const [count] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM doc_chunks`);
  const df = new Map<string, number>();
  const byFirst = new Map<string, string[]>();
  for (const r of rows) {
    df.set(r.term, r.doc);
    if (r.term.length < 3 || !/^\p{L}+$/u.test(r.term)) continue;
    const first = r.term[0]!;
    const list = byFirst.get(first);
    if (list) list.push(r.term);
    else byFirst.set(first, [r.term]);
  }
  return { sig, chunks: Number(count?.n ?? 0), df, byFirst };
}

export async function vocabulary(db: Db): Promise<Vocab> {
  const [row] = await db.all<{ m: number | null }>(sql`SELECT max(id) AS m FROM doc_chunks`);
  const sig = Number(row?.m ?? 0);
  const hit = cache.get(db);
  if (hit) {
    const v = await hit;
    if (v.sig === sig) return v;
  }
  const next = load(db, sig);
  cache.set(db, next);
  try {
    return await next;
  } catch (err) {
    cache.delete(db);
    throw err;
  }
}

/**
 * How far a word may be from a known stem: none below 5 letters (short words are mostly real words the
 * documents do not use), one edit below 9, two from 9 on. A swap of two letters is one edit.
 */
const allowed = (n: number) => (n >= 9 ? 2 : n >= 5 ? 1 : 0);

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), stopping past `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    rows.push(row);
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Chunks holding a word (its stem, or the word as indexed); 0 when the index never saw it. */
export function documentFrequency(v: Vocab, word: string): number {
  return v.df.get(stem(word)) ?? v.df.get(word) ?? 0;
}

/** The known stem closest to `word`, or null when the word is known (or nothing is close enough). */
export function correction(v: Vocab, word: string): string | null {
  if (!/^\p{L}+$/u.test(word)) return null;
  const s = stem(word);
  if (v.df.has(s) || v.df.has(word)) return null;
  const max = allowed(word.length);
  if (!max) return null;
  let best: string | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  let bestDf = 0;
  for (const t of v.byFirst.get(word[0]!) ?? []) {
    if (Math.abs(t.length - s.length) > max + 3) continue;
    // The whole stem, or the typed word cut to the stem's length (a stem is mostly a prefix of its words).
    let d = editDistance(s, t, max);
    if (t.length >= 4 && word.length > t.length && word.length - t.length <= 3) {
      d = Math.min(d, editDistance(word.slice(0, t.length), t, max) + 0.5);
    }
    const df = v.df.get(t) ?? 0;
    if (d <= max && (d < bestD || (d === bestD && df > bestDf))) {
      best = t;
      bestD = d;
      bestDf = df;
    }
  }
  return best;
}
