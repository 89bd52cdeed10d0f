/**
 * The core box list in SQL, planned for 200,000 rows (targets: any filters and sort < 15 ms p95).
 *
 * Counting: equality filters alone read the core_box_counts summary; search text is counted inside FTS (the
 * equality filters are facet tokens there); the expired flag is counted on the index range that is smaller,
 * expired or not expired.
 *
 * A page is fetched one of two ways, whichever the count says is cheaper:
 *  A. walk the sort's index in order, checking the filters inside the index, until the page is full; cheap when
 *     many rows match, but a sort correlated with the filters (project names start with the place; recent boxes
 *     are not expired) can walk far, so the walk is capped and falls back to B when the cap is hit;
 *  B. fetch every matching row and sort them; cheap when few rows match (each row costs about a microsecond).
 * Both give the same order: ORDER BY lists every key of the sort's index, then id.
 */
import type { SortDir } from "@shared/common";
import type { CoreBoxSortColumn } from "@shared/core-boxes";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  bestFilterIndex,
  type EqFilters,
  type Filters,
  filterTerms,
  matchExpression,
  orderBy,
  ROW_COLUMNS,
  SORTS,
  seekablePrefix,
  whereSql,
} from "./list-sql";

/** Rough costs in microseconds, measured on a 2-core VM (bench/core-boxes.ts). */
const COST = { walk: 0.08, walkWithSearch: 0.35, fetchRow: 1.2, probeBuild: 0.1 };
/** Below this many rows, counting expired boxes by joining search hits to rows is cheap enough. */
const JOIN_COUNT_MAX = 6000;
/** Below this many rows matching the equality filters, counting the expired ones directly is cheap enough. */
const DIRECT_COUNT_MAX = 40_000;

export type RawBoxRow = Record<string, unknown>;

const num = async (db: DbOrTx, query: SQL) => Number((await db.all<{ n: number }>(query))[0]?.n ?? 0);

/** Live boxes matching equality filters, from the summary table (exact, kept by triggers). */
export function summaryCount(db: DbOrTx, eq: EqFilters) {
  const terms: SQL[] = [];
  for (const [c, v] of Object.entries(eq)) if (v !== undefined) terms.push(sql`${sql.raw(c)} = ${v}`);
  return num(db, sql`SELECT coalesce(sum(n), 0) AS n FROM core_box_counts${whereSql(terms)}`);
}

/** Boxes (matching `eq`) that are not expired: expiry today or later, or no expiry date. */
async function notExpiredCount(db: DbOrTx, f: Filters, search: SQL | null) {
  const rest = filterTerms({ ...f, expired: false }, { search });
  const extra = rest.length ? sql` AND ${sql.join(rest, sql` AND `)}` : sql``;
  const from = sql`SELECT count(*) AS n FROM core_boxes INDEXED BY core_boxes_sort_expiry_idx`;
  const [later, undated] = await Promise.all([
    num(db, sql`${from} WHERE storage_expiry_date >= ${f.today}${extra}`),
    num(db, sql`${from} WHERE storage_expiry_date IS NULL${extra}`),
  ]);
  return later + undated;
}

export interface CountResult {
  total: number;
  /** Rows a filter-first fetch would read (search hits, or rows matching the equalities). */
  driving: number;
  /** All live boxes. */
  all: number;
}

export async function countMatching(db: DbOrTx, f: Filters): Promise<CountResult> {
  const all = await summaryCount(db, {});
  const hasEq = Object.values(f.eq).some((v) => v !== undefined);
  if (f.terms.length) {
    const match = matchExpression(f.terms, f.eq);
    const hits = await num(
      db,
      sql`SELECT count(*) AS n FROM core_boxes_search WHERE core_boxes_search MATCH ${match}`,
    );
    if (!f.expired || hits === 0) return { total: hits, driving: hits, all };
    if (hits <= JOIN_COUNT_MAX) {
      const terms = filterTerms({ ...f, eq: {} }, { search: sql`${match}` });
      return {
        total: await num(db, sql`SELECT count(*) AS n FROM core_boxes${whereSql(terms)}`),
        driving: hits,
        all,
      };
    }
    return { total: hits - (await notExpiredCount(db, { ...f, eq: {} }, sql`${match}`)), driving: hits, all };
  }
  const matchingEq = hasEq ? await summaryCount(db, f.eq) : all;
  if (!f.expired) return { total: matchingEq, driving: matchingEq, all };
  if (hasEq && matchingEq <= DIRECT_COUNT_MAX) {
    const best = bestFilterIndex(f);
    const terms = filterTerms(f, { seekKeys: best.keys.slice(0, seekablePrefix(best.keys, f)) });
    const query = sql`SELECT count(*) AS n FROM core_boxes INDEXED BY ${sql.raw(best.index)}${whereSql(terms)}`;
    return { total: await num(db, query), driving: matchingEq, all };
  }
  return { total: matchingEq - (await notExpiredCount(db, f, null)), driving: matchingEq, all };
}

export interface PageRequest {
  sort: CoreBoxSortColumn;
  dir: SortDir;
  offset: number;
  limit: number;
}

export async function fetchPage(db: DbOrTx, f: Filters, page: PageRequest, counted: CountResult) {
  const { total, driving, all } = counted;
  if (total === 0 || page.offset >= total) return [];
  const search = f.terms.length ? sql`${matchExpression(f.terms, f.eq)}` : null;
  const need = page.offset + page.limit;
  const unit = search ? COST.walkWithSearch : COST.walk;
  const expectedWalk = (need * all) / total;
  const costA = expectedWalk * unit + (search ? driving * COST.probeBuild : 0);
  const costB = driving * COST.fetchRow;
  if (costB <= costA) return filterFirst(db, f, page, search);
  // Cap the walk so a bad guess costs about as much as B would have.
  const cap = Math.ceil(Math.max(expectedWalk * 4, need + 500, costB / unit));
  if (cap >= all) return walkSortIndex(db, f, page, search, null);
  const rows = await walkSortIndex(db, f, page, search, cap);
  if (rows.length >= Math.min(page.limit, total - page.offset)) return rows;
  return filterFirst(db, f, page, search);
}

/** Plan A: the sort's index in order; with `cap`, at most that many index entries are read. */
export function walkSortIndex(
  db: DbOrTx,
  f: Filters,
  page: PageRequest,
  search: SQL | null,
  cap: number | null,
) {
  const { index, keys } = SORTS[page.sort];
  const seekKeys = keys.slice(0, seekablePrefix(keys, f));
  const order = orderBy(page.sort, page.dir);
  const idx = sql.raw(index);
  if (cap === null) {
    const terms = filterTerms(f, { seekKeys, search });
    return db.all<RawBoxRow>(
      sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM core_boxes INDEXED BY ${idx}${whereSql(terms)} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }
  // The seekable terms narrow the walk itself; the others are checked on the entries walked (all in the index).
  const inner = sql`SELECT id, island, year, complete, keep_or_dump, storage_expiry_date FROM core_boxes INDEXED BY ${idx}${whereSql(seekTerms(f, seekKeys))} ORDER BY ${order} LIMIT ${cap}`;
  const outer = filterTerms(f, { alias: "w", search });
  return db.all<RawBoxRow>(
    sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM core_boxes WHERE id IN (SELECT w.id FROM (${inner}) AS w${whereSql(outer)} LIMIT ${page.limit} OFFSET ${page.offset}) ORDER BY ${order}`,
  );
}

/** Only the terms SQLite seeks on (the walk's range); the rest are checked outside the capped walk. */
function seekTerms(f: Filters, seekKeys: string[]): SQL[] {
  const terms: SQL[] = [];
  for (const k of seekKeys) {
    if (k === "storage_expiry_date") terms.push(sql`storage_expiry_date < ${f.today}`);
    else terms.push(sql`${sql.raw(k)} = ${f.eq[k as keyof EqFilters]}`);
  }
  return terms;
}

/** Plan B: every matching row (search hits, or the best filter index's range), sorted, one page kept. */
export function filterFirst(db: DbOrTx, f: Filters, page: PageRequest, search: SQL | null) {
  const order = orderBy(page.sort, page.dir, true);
  if (search) {
    const terms = filterTerms({ ...f, eq: {} }, { search });
    return db.all<RawBoxRow>(
      sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM core_boxes${whereSql(terms)} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }
  const best = bestFilterIndex(f);
  const terms = filterTerms(f, { seekKeys: best.keys.slice(0, seekablePrefix(best.keys, f)) });
  return db.all<RawBoxRow>(
    sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM core_boxes INDEXED BY ${sql.raw(best.index)}${whereSql(terms)} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}
