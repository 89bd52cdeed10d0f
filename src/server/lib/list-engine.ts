/**
 * The one list engine (docs/decisions/0032-one-list-engine.md), shared by the core boxes and the reports binder.
 *
 * A list is a table, a sort whose ORDER BY names its index's columns and then id (so the index alone gives the
 * order), and filter terms. The caller counts the matches first (from a summary table, from full-text search,
 * or with countUpTo); the engine then finds the page's ids one of two ways:
 *  - walk the sort's index in order, checking the filters on each entry, until the page is full: cheap when the
 *    matches are many and spread along the index;
 *  - fetch every match (through the filters' own indexes, or full-text hits) and sort them: cheap when they are
 *    few.
 * The walk is tried when it should cost less than the fetch, and stopped once it has cost half as much: a page
 * still not full then means the matches bunch somewhere along the index, and the fetch answers. Both ways give
 * the same rows in the same order, so the choice changes speed, never results.
 */
import type { SortDir } from "@shared/common";
import { LIST_TOTAL_CAP } from "@shared/list-total";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { estimateHitsMany, type IdRange } from "./fts-estimate";

/** Reading a row (and sorting it with the others) costs about as much as checking this many index entries. */
const ROW_COST = 10;

export interface ListQuery {
  table: string;
  /** ORDER BY: the sort index's columns in order (expressions like "project COLLATE NOCASE" allowed), then "id". */
  keys: string[];
  dir: SortDir;
  /** Terms on the sort index's first column, which a walk seeks on instead of checking. */
  seek: SQL[];
  /** The other filter terms, on plain column names. */
  where: SQL[];
  /** Every column `where` reads: a walk carries them from its index, or reads the row when the index lacks one. */
  columns: string[];
  /**
   * Where a fetch finds the matches instead of through the filters: `ids`, a subquery of candidate ids (full-text
   * hits), and `where`, the terms to check on their rows, written `+column` so SQLite checks them rather than
   * reading another index.
   */
  hits?: { ids: SQL; where: SQL[] };
}

export interface PageRequest {
  offset: number;
  limit: number;
}

/** How many rows match: exact up to LIST_TOTAL_CAP, else LIST_TOTAL_CAP with `capped`. */
export interface Total {
  total: number;
  capped: boolean;
}

export const totalOf = (n: number): Total =>
  n > LIST_TOTAL_CAP ? { total: LIST_TOTAL_CAP, capped: true } : { total: n, capped: false };

/** Count the rows of `from` (a table and its WHERE), stopping one past the cap so a broad count stays cheap. */
export async function countUpTo(db: DbOrTx, from: SQL): Promise<Total> {
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} LIMIT ${LIST_TOTAL_CAP + 1})`,
  );
  return totalOf(Number(row?.n ?? 0));
}

export const whereSql = (terms: SQL[]) => (terms.length ? sql` WHERE ${sql.join(terms, sql` AND `)}` : sql``);

const column = (key: string) => key.split(" ")[0]!;
const orderBy = (q: ListQuery, checked = false) =>
  sql.raw(q.keys.map((k) => `${checked ? "+" : ""}${k} ${q.dir}`).join(", "));

/**
 * The ids of one page, in order. `matches`: the count the caller made; `scanned`: how many index entries a walk
 * could read (the rows in the sort index's range).
 */
export async function pageIds(
  db: DbOrTx,
  q: ListQuery,
  page: PageRequest,
  matches: Total & { scanned: number },
): Promise<number[]> {
  // A capped count means "more than the cap": there may be rows past it.
  const total = matches.capped ? matches.total + 1 : matches.total;
  if (total === 0 || (!matches.capped && page.offset >= total)) return [];
  const need = page.offset + page.limit;
  const keyColumns = q.keys.map(column);
  const entryCost = q.columns.every((c) => keyColumns.includes(c)) ? 1 : ROW_COST;
  // Entries a walk reads to fill the page when the matches are spread evenly, and the most it may read: half
  // of what fetching and sorting the matches would cost.
  const expected = (need * matches.scanned) / total;
  const cap = Math.ceil((total * ROW_COST) / entryCost / 2);
  if (expected < cap) {
    const ids = await walk(db, q, page, cap);
    if (ids.length >= (matches.capped ? page.limit : Math.min(page.limit, total - page.offset))) return ids;
  }
  return fetch(db, q, page);
}

/**
 * At most `cap` entries of the sort index, in order (seeking on `seek`), carrying the columns the filters read;
 * the filters are checked outside, so the cap counts entries walked, not matches. SQLite reads a subquery with a
 * LIMIT in its order, so the page's LIMIT and OFFSET count along the walk.
 */
async function walk(db: DbOrTx, q: ListQuery, page: PageRequest, cap: number) {
  const cols = [...new Set(["id", ...q.columns])].join(", ");
  const rows = await db.all<{ id: number }>(
    sql`SELECT id FROM (SELECT ${sql.raw(cols)} FROM ${sql.raw(q.table)}${whereSql(q.seek)} ORDER BY ${orderBy(q)} LIMIT ${cap})${whereSql(q.where)} LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The matches' terms for a fetch: through the filters' indexes, or from the hits. */
const matchTerms = (q: ListQuery) =>
  q.hits ? [sql`id IN (${q.hits.ids})`, ...q.hits.where] : [...q.seek, ...q.where];

/** Every match, sorted; the keys are written `+key` so SQLite finds the matches first instead of walking. */
async function fetch(db: DbOrTx, q: ListQuery, page: PageRequest) {
  const rows = await db.all<{ id: number }>(
    sql`SELECT id FROM ${sql.raw(q.table)}${whereSql(matchTerms(q))} ORDER BY ${orderBy(q, true)} LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The page and the count in one read of the matches, for matches the caller knows are few (under the cap) but
 * must read to count (a search with a check on each row): a count and then a fetch would read them twice.
 * `total` is null when the page lies past the end (no row carries it).
 */
export async function fetchCounted(db: DbOrTx, q: ListQuery, page: PageRequest) {
  const rows = await db.all<{ id: number; n: number }>(
    sql`SELECT id, count(*) OVER () AS n FROM ${sql.raw(q.table)}${whereSql(matchTerms(q))} ORDER BY ${orderBy(q, true)} LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { ids: rows.map((r) => Number(r.id)), total: rows.length ? Number(rows[0]!.n) : null };
}

/**
 * Every matching id in the list's order (exports), however SQLite finds them: as one JSON array (a row object
 * per id would cost a few hundred bytes each, hundreds of MB for an export of the whole binder). The aggregate
 * reads its subquery in the subquery's order.
 */
export async function allIds(db: DbOrTx, q: ListQuery): Promise<number[]> {
  const [row] = await db.all<{ ids: string | null }>(
    sql`SELECT json_group_array(id) AS ids FROM (SELECT id FROM ${sql.raw(q.table)}${whereSql(matchTerms(q))} ORDER BY ${orderBy(q)})`,
  );
  return JSON.parse(row?.ids ?? "[]") as number[];
}

/** How many hits a probe of a trigram's list reads to estimate its length (a sample size, not a cost). */
const PROBE = 200;

/**
 * What a trigram full-text search (`fts`, over a table whose ids span `range`) should find its candidates with:
 * the whole text, or its least common trigram. Matching the whole text reads every one of its trigrams' lists,
 * and most trigrams of a typical search are in nearly every row; one rare trigram finds the candidates far
 * sooner, and the list's search term checks the whole text on each (a row read: ROW_COST). Either gives the same
 * rows; this only changes speed. A trigram's count is estimated from where its PROBE-th hit lies.
 */
export async function candidateText(db: DbOrTx, fts: string, q: string, range: IdRange): Promise<string> {
  const chars = [...q.toLowerCase()];
  const trigrams = [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join("")))];
  if (trigrams.length < 2) return q;
  const phrases = trigrams.map((trigram) => `"${trigram.replace(/"/g, '""')}"`);
  const estimates = await estimateHitsMany(db, fts, phrases, range, PROBE);
  const counts = new Map(trigrams.map((trigram, i) => [trigram, estimates[i] ?? PROBE]));
  const [rarest, fewest] = [...counts].reduce((a, b) => (b[1] < a[1] ? b : a));
  const wholeText = [...counts.values()].reduce((a, b) => a + b, 0);
  return fewest * ROW_COST < wholeText ? rarest : q;
}
