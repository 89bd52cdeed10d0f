import { sql } from "drizzle-orm";
import { distance } from "fastest-levenshtein";
import type { Db } from "../db/client";
import { stem } from "./fts-query";

/**
 * The terms of the chunk index (porter stems, with how many chunks hold each), read from the fts5vocab view
 * and kept in memory until a chunk is added. Used to correct typos: a question word the index has never seen
 * is replaced by the closest known stem starting with the same letter ("vacaton" → "vacat", "retirment" →
 * "retir"), so full-text retrieval still finds the passage.
 */
interface Vocab {
  sig: number;
  df: Map<string, number>;
  byFirst: Map<string, string[]>;
}

const cache = new WeakMap<Db, Vocab | Promise<Vocab>>();

async function load(db: Db, sig: number): Promise<Vocab> {
  const rows = await db.all<{ term: string; doc: number }>(
    sql`SELECT term, doc FROM doc_chunks_fts_vocab WHERE doc > 0`,
  );
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
  return { sig, df, byFirst };
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

/** How far a word may be from a known stem: none below 4 letters, one edit below 8, two from 8 on. */
const allowed = (n: number) => (n >= 8 ? 2 : n >= 4 ? 1 : 0);

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
    let d = distance(s, t);
    if (t.length >= 4 && word.length > t.length && word.length - t.length <= 3) {
      d = Math.min(d, distance(word.slice(0, t.length), t) + 0.5);
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
