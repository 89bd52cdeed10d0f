import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/**
 * A trigram FTS phrase query reads the document list of every trigram in the phrase. In the binder most
 * trigrams of a typical search ("Project 42": "pro", "roj", … each in every row) are in half a million rows, so
 * the phrase costs tens of milliseconds while one of its trigrams (" 42") is in 1% of them. Searching that one
 * trigram and then checking the whole text on the few candidates gives the same rows for a fraction of the work.
 *
 * Which trigram is rare is estimated from a random sample of rows (SQLite's FTS5 cannot tell a trigram's
 * frequency without reading its whole list), kept per database for a few minutes: the binder changes slowly, and
 * a stale estimate only makes a search slower, never wrong.
 */

const SAMPLE_ROWS = 2000;
const SAMPLE_TTL_MS = 10 * 60_000;
/** Above this estimated share of rows, checking every candidate is too slow whatever the phrase costs. */
const MAX_SHARE = 0.02;
/**
 * Measured on 500,000 rows: the phrase query costs about 0.011 µs per entry of every trigram's list; checking a
 * candidate row costs about 0.75 µs. So one trigram wins when its list is ~70 times shorter than all of them.
 */
const CHECK_VS_LIST_COST = 70;

export interface TrigramSample {
  rows: number;
  /** Trigram → number of sampled rows containing it (in any searched column). */
  df: Map<string, number>;
  at: number;
}

/** The trigram tokenizer folds case; for ASCII text lower-casing is the same folding. */
export function trigramsOf(text: string): string[] {
  const s = text.toLowerCase();
  const out: string[] = [];
  for (let i = 0; i + 3 <= s.length; i++) out.push(s.slice(i, i + 3));
  return out;
}

/**
 * The trigram to search instead of the whole phrase, or null to search the phrase itself: the text is not
 * plain ASCII (SQL's lower() folds only ASCII, so the check could disagree with the index), is too short, or
 * has no trigram rare enough to be worth it.
 */
export function pickRareTrigram(q: string, sample: TrigramSample): string | null {
  if (q.length < 4 || !/^[\x20-\x7e]+$/.test(q) || sample.rows === 0) return null;
  let best: string | null = null;
  let bestDf = Number.POSITIVE_INFINITY;
  let sumDf = 0;
  for (const t of trigramsOf(q)) {
    // A trigram never seen in the sample is rare: count it as half a row.
    const df = sample.df.get(t) ?? 0.5;
    sumDf += df;
    // FTS5 query syntax characters inside a phrase are literal, but a quote must be doubled: keep it simple.
    if (!t.includes('"') && df < bestDf) {
      best = t;
      bestDf = df;
    }
  }
  if (best === null || bestDf / sample.rows > MAX_SHARE) return null;
  return bestDf * CHECK_VS_LIST_COST < sumDf ? best : null;
}

const samples = new WeakMap<object, TrigramSample>();

/** The sample for this database, taken again after SAMPLE_TTL_MS. */
export async function binderTrigramSample(db: DbOrTx, now = Date.now()): Promise<TrigramSample> {
  const cached = samples.get(db);
  if (cached && now - cached.at < SAMPLE_TTL_MS) return cached;
  const sample = await takeSample(db, now);
  samples.set(db, sample);
  return sample;
}

async function takeSample(db: DbOrTx, now: number): Promise<TrigramSample> {
  const [range] = await db.all<{ lo: number | null; hi: number | null; n: number }>(
    sql`select min(id) as lo, max(id) as hi, (select count(*) from reports_binder) as n from reports_binder`,
  );
  const df = new Map<string, number>();
  if (!range?.lo || !range.hi) return { rows: 0, df, at: now };
  // Random ids inside the id range (deleted ids simply miss); the whole table when it is small.
  const span = range.hi - range.lo + 1;
  const ids =
    span <= SAMPLE_ROWS
      ? null
      : Array.from({ length: SAMPLE_ROWS }, () => range.lo! + Math.floor(Math.random() * span));
  const rows = await db.all<{ t: string }>(
    ids
      ? sql`select pdf_file || char(10) || work_order || char(10) || engineer_initials || char(10) || billing as t
            from reports_binder where id in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`
      : sql`select pdf_file || char(10) || work_order || char(10) || engineer_initials || char(10) || billing as t
            from reports_binder`,
  );
  for (const r of rows) for (const t of new Set(trigramsOf(r.t))) df.set(t, (df.get(t) ?? 0) + 1);
  return { rows: rows.length, df, at: now };
}
