/**
 * The core box list in SQL, planned for 200,000 rows (targets: any filters and sort < 15 ms p95).
 *
 * Counting: equality filters (and the expired flag, by expiry month) read the core_box_counts summary; search
 * text is counted inside FTS, where the equality filters and the expiry year and month are facet tokens.
 *
 * A page is fetched one of two ways, whichever the counts say is cheaper:
 *  A. walk an index in the sort's order, checking the filters inside the index, until the page is full; cheap
 *     when many rows match, but a sort correlated with the filters (project names start with the place; recent
 *     boxes are not expired) may walk most of the index, so those get a capped walk before falling back to B;
 *  B. fetch every matching row and sort them; cheap when few rows match (each row costs about a microsecond);
 *  C. a one-word search whose every hit has the word in the sorted column (a project name, an engineer's
 *     initials): seek the sort index on the column's values holding the word (lead-values.ts).
 * All give the same order: ORDER BY lists every key of the sort's index, then id.
 *
 * A walk with search text costs little for entries the index's own filters turn down and a row read for the
 * rest, so when the words do not follow the sort it is planned on those two counts (searchWalkPlan) and capped on
 * the rows read; if its page is not full by then it goes on with the hits as a set (setWalkSql), then B.
 */
import type { SortDir } from "@shared/common";
import type { CoreBoxSortColumn } from "@shared/core-boxes";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { expiredByLiveToken } from "./expiry-tokens";
import { countOnValues, islandsWithWord, pageOnValues, valuesWithWord } from "./lead-values";
import {
  bestFilterIndex,
  boundList,
  type EqFilters,
  type Filters,
  filterTerms,
  hasEqFilters,
  laterExpiryFacets,
  matchExpression,
  monthFacet,
  orderBy,
  ROW_COLUMNS,
  SORTS,
  seekablePrefix,
  type Walk,
  walkIndex,
  whereSql,
} from "./list-sql";

/**
 * Rough costs in microseconds per row, measured on a 2-core VM with 200,000 boxes (bench/core-boxes.ts):
 * an index entry checked, a row read (and its words checked), a search hit joined to its row for its expiry
 * date, and a hit in the one pass that sorts and counts the expired hits together.
 */
const COST = {
  walk: 0.07,
  walkWithSearch: 1.0,
  fetchRow: 1.1,
  joinHit: 0.85,
  onePassHit: 1.6,
  // Counting the expired hits as those without the live token: the token's list, plus the hits' lists again.
  liveCount: 600,
  liveCountHit: 0.3,
  // A walk checking the hits as a set (setWalkSql): a hit put in the set, and an entry walked and probed.
  setHit: 0.14,
  setEntry: 0.25,
};
/** Up to this many search hits, counting the expired ones by reading rows beats the expiry facets. */
const JOIN_COUNT_MAX = 8000;
/** From this many search hits on, the live token counts the expired ones faster than reading their rows. */
const LIVE_COUNT_MIN = 1000;

export type RawBoxRow = Record<string, unknown>;

const num = async (db: DbOrTx, query: SQL) => Number((await db.all<{ n: number }>(query))[0]?.n ?? 0);

/**
 * Counts a request asks for more than once (all boxes, one island's, the expired ones: the planner and the
 * total both need them) are read once per request: the memo lives as long as the request's Filters object.
 */
const memos = new WeakMap<object, Map<string, Promise<unknown>>>();
function once<T>(scope: object | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!scope) return read();
  const memo = memos.get(scope) ?? new Map<string, Promise<unknown>>();
  memos.set(scope, memo);
  const known = memo.get(key);
  if (known) return known as Promise<T>;
  const value = read();
  memo.set(key, value);
  return value;
}

/**
 * Live boxes matching equality filters (and `extra` on the expiry month), from the summary table; `scope`
 * (the request's Filters) keeps the answer for the rest of the request.
 */
export function summaryCount(db: DbOrTx, eq: EqFilters, extra?: SQL, scope?: Filters) {
  const terms = summaryTerms(eq);
  if (extra) terms.push(extra);
  const query = sql`SELECT coalesce(sum(n), 0) AS n FROM core_box_counts${whereSql(terms)}`;
  if (extra) return num(db, query);
  const key = JSON.stringify(Object.entries(eq).filter(([, v]) => v !== undefined));
  return once(scope, `summary ${key}`, () => num(db, query));
}

/** The equality filters on the core_box_counts summary's columns. */
function summaryTerms(eq: EqFilters): SQL[] {
  const terms: SQL[] = [];
  for (const [c, v] of Object.entries(eq)) if (v !== undefined) terms.push(sql`${sql.raw(c)} = ${v}`);
  return terms;
}

/** Boxes in [from, to) by expiry date matching the filters: a short range of the expiry index. */
function expiryRangeCount(db: DbOrTx, f: Filters, from: string, to: string | null, search: SQL | null) {
  const rest = filterTerms({ ...f, expired: false }, { search });
  const upper = to ? sql` AND storage_expiry_date < ${to}` : sql``;
  const extra = rest.length ? sql` AND ${sql.join(rest, sql` AND `)}` : sql``;
  return num(
    db,
    sql`SELECT count(*) AS n FROM core_boxes INDEXED BY core_boxes_sort_expiry_idx WHERE storage_expiry_date >= ${from}${upper}${extra}`,
  );
}

const monthStart = (today: string) => `${today.slice(0, 7)}-01`;

/** Expired boxes matching the equality filters: whole months from the summary, this month's days from the index. */
function expiredCount(db: DbOrTx, f: Filters) {
  return once(f, `expired ${JSON.stringify(f.eq)}`, async () => {
    const month = f.today.slice(0, 7);
    const [whole, thisMonth] = await Promise.all([
      summaryCount(db, f.eq, sql`expiry_month <> '' AND expiry_month < ${month}`),
      expiryRangeCount(db, f, monthStart(f.today), f.today, null),
    ]);
    return whole + thisMonth;
  });
}

/** Boxes matching the filters other than the search words (the rows a walk lets through to the words). */
function withoutSearch(db: DbOrTx, f: Filters) {
  return f.expired ? expiredCount(db, f) : summaryCount(db, f.eq, undefined, f);
}

const searchCount = (db: DbOrTx, match: string) =>
  num(db, sql`SELECT count(*) AS n FROM core_boxes_search WHERE core_boxes_search MATCH ${match}`);

export interface CountResult {
  total: number;
  /** Rows a filter-first fetch would read (search hits, or rows matching the equalities). */
  driving: number;
  /** All live boxes. */
  all: number;
}

/** `expiredBy` is for tests: it forces one way of counting expired search hits, whatever their number. */
export async function countMatching(
  db: DbOrTx,
  f: Filters,
  opts: { expiredBy?: ExpiredCount; hits?: number } = {},
): Promise<CountResult> {
  const all = await summaryCount(db, {}, undefined, f);
  if (f.terms.length) {
    const hits = opts.hits ?? (await searchCount(db, matchExpression(f.terms, f.eq)));
    if (!f.expired || hits === 0) return { total: hits, driving: hits, all };
    return { total: await expiredHits(db, f, hits, opts.expiredBy), driving: hits, all };
  }
  const matchingEq = hasEqFilters(f) ? await summaryCount(db, f.eq, undefined, f) : all;
  if (!f.expired) return { total: matchingEq, driving: matchingEq, all };
  return { total: await expiredCount(db, f), driving: matchingEq, all };
}

/**
 * Ways of counting the expired search hits: "rows" reads each hit's expiry date (few hits); "live" counts the
 * hits without the live token, on the sweep's day (expiry-tokens.ts); "months" takes the hits less those
 * expiring after this month (expiry facets) less this month's from today on (rows).
 */
type ExpiredCount = "rows" | "live" | "months";

async function expiredHits(db: DbOrTx, f: Filters, hits: number, by?: ExpiredCount): Promise<number> {
  const way = by ?? (hits >= LIVE_COUNT_MIN ? "live" : "rows");
  if (way === "live") {
    const expired = await expiredByLiveToken(db, matchExpression(f.terms, f.eq), f.today);
    if (expired !== null) return expired;
    if (by) return Number.NaN;
  }
  // Off the sweep's day: rows for up to JOIN_COUNT_MAX hits, else the expiry facets.
  if (way === "rows" || (way === "live" && hits <= JOIN_COUNT_MAX)) return expiredByRows(db, f);
  return expiredByMonths(db, f, hits);
}

function expiredByRows(db: DbOrTx, f: Filters) {
  return num(
    db,
    sql`SELECT count(*) AS n FROM core_boxes_search s JOIN core_boxes b ON b.id = s.rowid WHERE core_boxes_search MATCH ${matchExpression(f.terms, f.eq)} AND +b.storage_expiry_date < ${f.today}`,
  );
}

async function expiredByMonths(db: DbOrTx, f: Filters, hits: number) {
  const [later, thisMonth] = await Promise.all([
    searchCount(db, matchExpression(f.terms, f.eq, laterExpiryFacets(f.today))),
    num(
      db,
      sql`SELECT count(*) AS n FROM core_boxes WHERE id IN (SELECT rowid FROM core_boxes_search WHERE core_boxes_search MATCH ${matchExpression(f.terms, f.eq, monthFacet(f.today))}) AND +storage_expiry_date >= ${f.today}`,
    ),
  ]);
  return hits - later - thisMonth;
}

/** Expected cost (µs) of counting the expired ones among `hits` search hits (expiredHits). */
const expiredCountCost = (hits: number) =>
  hits >= LIVE_COUNT_MIN ? COST.liveCount + hits * COST.liveCountHit : hits * COST.joinHit;

/** Up to this many search hits, a search with "Expired only" reads its hits once for both the page and the count. */
const ONE_PASS_MAX = 12_000;
/**
 * Above this many hits the one pass is only taken when the search words follow the sort (a walk would find its
 * page late): otherwise a walk finds the page reading a few hundred rows, and the facets count the rest.
 */
const ONE_PASS_ALWAYS = 6000;
/**
 * Words that follow the sort, with equality filters: when the words alone are in at most this many boxes, the one
 * pass goes ahead without counting the hits first. The other plans would read every hit too (the walk finds the
 * page late) and count them apart; at this bound the one pass costs about what they would (1.6 µs a hit against
 * 1.1 + 0.3, plus the count's 0.6 ms), and it saves the hits count (2 ms for "GS" on Oahu: the island's facet list
 * holds half the inventory).
 */
const ONE_PASS_BOUNDED_MAX = 20_000;

/**
 * Search + "Expired only" with few hits: every hit's row is read anyway (for its expiry date, and to sort the
 * page), so the total comes from the same pass instead of a second pass over the hits.
 * Null when the plan does not apply (no search, not expired-only); `{ hits }` (and the share of hits in the sorted
 * column, when measured) when it is declined, so the count and the page that follow need not ask again.
 */
export async function searchExpiredPage(
  db: DbOrTx,
  f: Filters,
  page: PageRequest,
): Promise<{ rows: RawBoxRow[]; total: number } | { hits: number; leadShare?: number } | null> {
  if (!f.terms.length || !f.expired) return null;
  const match = matchExpression(f.terms, f.eq);
  const walk = walkIndex(page.sort, f);
  // With equality filters, when the sort leads with a text column the words alone are counted anyway (to
  // measure how much they follow it): counted first, they bound the hits from above, which may spare counting them.
  const bound =
    hasEqFilters(f) && leadsWithText(f, walk)
      ? await searchCount(db, matchExpression(f.terms, {}))
      : undefined;
  let leadShare: number | undefined;
  if (bound !== undefined) {
    if (bound <= ONE_PASS_ALWAYS) return onePass(db, f, page, match);
    leadShare = await shareInLead(db, f, walk, bound);
    const onValues = await leadValuesPage(db, f, page, walk, leadShare, true);
    if (onValues) return onValues;
    if (leadShare > LEAD_SHARE && bound <= ONE_PASS_BOUNDED_MAX) return onePass(db, f, page, match);
  }
  const hits = await searchCount(db, match);
  if (hits > ONE_PASS_MAX) return { hits, leadShare };
  if (hits === 0) return { rows: [], total: 0 };
  if (hits > ONE_PASS_ALWAYS) {
    // The share is of boxes with the words: `hits` counts them with the equality filters, so it is not that count
    // when there are filters (the share would exceed 1, and a share of 1 is a plan's proof that every hit holds
    // the word in the lead column).
    leadShare ??= await shareInLead(db, f, walk, bound ?? (hasEqFilters(f) ? undefined : hits));
    const onValues = await leadValuesPage(db, f, page, walk, leadShare, true);
    if (onValues) return onValues;
    // Counting the hits apart and walking for the page may be cheaper: when the words do not follow the sort
    // and the walk is expected to find the page early.
    if (leadShare <= LEAD_SHARE) {
      const [eqCount, through, range] = await Promise.all([
        summaryCount(db, f.eq, undefined, f),
        withoutSearch(db, f),
        walkRange(db, f, walk),
      ]);
      const total = Math.max(1, Math.round((hits * through) / Math.max(1, eqCount)));
      const need = page.offset + page.limit;
      const plan = await searchWalkPlan(db, f, { range, need, total, walk });
      const count = expiredCountCost(hits);
      if (plan.cost + count < hits * COST.onePassHit) return { hits, leadShare };
    }
  }
  return onePass(db, f, page, match);
}

/**
 * Plan C (lead-values.ts): every hit has the one search word in the sorted column (`leadShare` 1), a project or
 * engineer column, so the page is read by seeking the sort index on the column's values holding the word (looked
 * up by word); with `count`, the total is counted on the same entries. Null when the plan does not apply.
 */
async function leadValuesPage(
  db: DbOrTx,
  f: Filters,
  page: PageRequest,
  walk: Walk,
  leadShare: number,
  count: boolean,
) {
  if (leadShare < 1) return null;
  // Once per request: when the values do not serve, the planner's later steps ask again.
  const values = await once(f, `values on ${walk.index}`, () => valuesWithWord(db, f, walk));
  if (!values) return null;
  const [rows, total] = await Promise.all([
    pageOnValues(db, f, walk, values, page),
    count ? countOnValues(db, f, walk, values) : Number.NaN,
  ]);
  return { rows, total };
}

/**
 * The expired hits with their sort keys, kept once in a temporary table: counted there, sorted there, and only
 * the page's rows read again (a fifth cheaper than a window count over the join).
 */
async function onePass(db: DbOrTx, f: Filters, page: PageRequest, match: string) {
  const keys = ["id", ...SORTS[page.sort].keys.map((k) => k.split(" ")[0]!)].map((k) => `b.${k}`).join(", ");
  const order = orderBy(page.sort, page.dir);
  const rows = await db.all<RawBoxRow & { n: number }>(
    sql`WITH h AS MATERIALIZED (SELECT ${sql.raw(keys)} FROM core_boxes_search s JOIN core_boxes b ON b.id = s.rowid WHERE core_boxes_search MATCH ${match} AND +b.storage_expiry_date < ${f.today}) SELECT ${sql.raw(ROW_COLUMNS)}, (SELECT count(*) FROM h) AS n FROM core_boxes WHERE id IN (SELECT id FROM h ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}) ORDER BY ${order}`,
  );
  if (rows.length) return { rows, total: Number(rows[0]!.n) };
  if (page.offset === 0) return { rows: [], total: 0 };
  // A page past the end has no row to carry the count.
  return { rows: [], total: (await countMatching(db, f)).total };
}

export interface PageRequest {
  sort: CoreBoxSortColumn;
  dir: SortDir;
  offset: number;
  limit: number;
}

export async function fetchPage(
  db: DbOrTx,
  f: Filters,
  page: PageRequest,
  counted: CountResult,
  known: { leadShare?: number } = {},
) {
  const { total, driving, all } = counted;
  if (total === 0 || page.offset >= total) return [];
  const search = f.terms.length ? sql`${matchExpression(f.terms, f.eq)}` : null;
  const walk = walkIndex(page.sort, f);
  const range = await walkRange(db, f, walk);
  const unit = search ? COST.walkWithSearch : COST.walk;
  const need = page.offset + page.limit;
  const worstA = range * unit;
  const costB = driving * COST.fetchRow;
  const full = (rows: RawBoxRow[]) => rows.length >= Math.min(page.limit, total - page.offset);
  // A word in a large part of the inventory (like "k") fills a page early on any walk: taken as following the
  // sort, which only means a capped trial walk, without the count that would tell.
  const common = search !== null && driving >= all * SPARSE_HITS;
  const measured =
    known.leadShare ??
    (common ? undefined : await shareInLead(db, f, walk, hasEqFilters(f) ? undefined : driving));
  const leadShare = measured ?? 1;
  const onValues =
    search && measured !== undefined ? await leadValuesPage(db, f, page, walk, measured, false) : null;
  if (onValues) return onValues.rows;
  // A walk probing the hits as a set (setWalkSql) may cost up to half of B: the set, then this many entries.
  const setCap = Math.floor((costB / 2 - driving * COST.setHit) / COST.setEntry);
  if (search && leadShare <= LEAD_SHARE) {
    const plan = await searchWalkPlan(db, f, { range, need, total, walk });
    // A large page far along the walk: gathering the hits once costs less than reading every row walked ("kai"
    // by engineer, page 2 of 100: ~9,000 rows read, 10 → 5.6 ms; "Kailua" by date 8 → 4 ms). Not with equality
    // filters: gathering the hits then reads the filters' facet lists too (Oahu's holds 104,000 boxes), which
    // made "GS" on Oahu 1 ms slower.
    // Near the crossover the row walk keeps the page: its cost is the likelier (the set's is all up front).
    const onSet = hasEqFilters(f) ? Number.POSITIVE_INFINITY : plan.onSet + driving * COST.setHit;
    const setFirst = onSet * 1.25 < plan.cost && setCap > need;
    if ((setFirst ? onSet : plan.cost) > costB) return filterFirst(db, f, page, search);
    const rows = setFirst ? [] : await walkSortIndex(db, f, page, undefined, plan.rows);
    if (full(rows)) return rows;
    // The words bunch further along than expected (places sit at one end of each engineer's boxes, which the
    // index orders by island): walk on with the hits as a set, where an entry costs a probe, not a row read.
    if (setCap > need) {
      const start = await walkStart(db, f, page);
      const onSetRows = await db.all<RawBoxRow>(setWalkSql(f, page, setCap, search, start));
      if (full(onSetRows)) return onSetRows;
    }
    return filterFirst(db, f, page, search);
  }
  // Every hit has its one word in the project name, under an island sort: the walk seeks only the islands where
  // such a project is, and probes the hits as a set there ("kai": Oahu's boxes alone, 12 → ~4 ms). Tried when
  // B reads enough hits that the set and a page's worth of entries could cost less.
  const islands =
    search && measured !== undefined && measured >= 1 && setCap > need
      ? await islandsWithWord(db, f, walk)
      : null;
  if (search && islands) {
    const inIslands = sql`island IN (${boundList(islands)})`;
    // Entries walked to fill the page, if the hits are spread over those islands' boxes like the boxes.
    const onIslands = await num(
      db,
      sql`SELECT coalesce(sum(n), 0) AS n FROM core_box_counts WHERE ${inIslands}`,
    );
    if ((need * onIslands) / Math.max(1, total) < setCap) {
      const rows = await db.all<RawBoxRow>(setWalkSql(f, page, setCap, search, [inIslands]));
      if (full(rows)) return rows;
    }
    return filterFirst(db, f, page, search);
  }
  if (correlated(f, walk, leadShare > LEAD_SHARE)) {
    if (worstA <= costB) return walkSortIndex(db, f, page);
    // Most hits have their word in the sorted column and they are a small part of the inventory: they sit
    // together somewhere along the walk, rarely at its start, so a trial walk would mostly be wasted. (A word
    // in a large part of the inventory, like "k", fills a page early on any walk.)
    if (leadShare > MOSTLY_IN_LEAD && driving < all * SPARSE_HITS) return filterFirst(db, f, page, search);
    // The matches may sit at the start of the walk as well as at its end: try a walk worth a third of B.
    const cap = Math.floor(costB / 3 / unit);
    if (cap > need) {
      const rows = await walkSortIndex(db, f, page, cap);
      if (full(rows)) return rows;
    }
    return filterFirst(db, f, page, search);
  }
  const expectedA = Math.min(worstA, ((need * range) / total) * unit * 3);
  if (expectedA > costB) return filterFirst(db, f, page, search);
  if (!search) return walkSortIndex(db, f, page);
  // Search words bunch up in ways no filter tells (a place, an engineer's years): walk a little way only, and
  // fetch the hits instead if the page is not full by then.
  const cap = Math.ceil(Math.max(((need * range) / total) * 4, need + 2000));
  if (cap >= range) return walkSortIndex(db, f, page);
  const rows = await walkSortIndex(db, f, page, cap);
  return full(rows) ? rows : filterFirst(db, f, page, search);
}

/** Entries in the walked range: all boxes, or those matching the equalities the index seeks on. */
function walkRange(db: DbOrTx, f: Filters, walk: Walk) {
  const seekEq: EqFilters = {};
  for (const k of walk.keys.slice(0, walk.seek))
    if (k in f.eq) seekEq[k as keyof EqFilters] = f.eq[k as keyof EqFilters];
  return summaryCount(db, seekEq, undefined, f);
}

/**
 * A walk for a search whose words do not follow the sort. A walked entry costs little when the filters checked
 * on the index turn it down (an Oahu box that has not expired yet, say), and a row read when they let it through
 * to the search words. The entries turned down may all come first (the expired boxes are the old ones); the
 * words are taken as spread over the rows let through like the hits over all of them, give or take: half as
 * much again is expected (an engineer's initials bunch in their years), and the walk stops reading rows at three
 * times the even share, where it goes on with the hits as a set or they are fetched instead.
 */
async function searchWalkPlan(
  db: DbOrTx,
  f: Filters,
  w: { range: number; need: number; total: number; walk: Walk },
) {
  const { range, need, total } = w;
  const indexFilters = hasEqFilters(f) || f.expired;
  const through = Math.max(1, indexFilters ? await withoutSearch(db, f) : range);
  const even = (need * through) / total;
  const perRow = COST.fetchRow + (range / through) * COST.walk;
  const turnedDown = await bunchedTurnedDown(db, f, w.walk, range, through);
  const rows = Math.ceil(Math.min(through, even * 3));
  const expected = Math.min(through, even * 1.5);
  // The same walk probing the hits as a set (setWalkSql): an entry let through costs a probe, not a row read;
  // the set's own cost (a hit each) is the caller's, who knows the hits.
  const onSet = turnedDown * COST.walk + expected * ((range / through) * COST.walk + COST.setEntry);
  return { cost: turnedDown * COST.walk + expected * perRow, rows, onSet };
}

/**
 * Walked entries the index's filters turn down that may all come before the page: none when the filters are
 * spread along the walk; with only "Expired only" following the walk's dates, the boxes not expired yet (their
 * share among the boxes matching the equality filters, across the range); else all that are turned down.
 */
async function bunchedTurnedDown(db: DbOrTx, f: Filters, walk: Walk, range: number, through: number) {
  if (!correlated(f, walk, false) && !datesInWalk(f, walk)) return 0;
  if (!f.expired || f.eq.year !== undefined || byPlace(f, walk)) return range - through;
  const eqCount = await summaryCount(db, f.eq, undefined, f);
  return Math.round(range * (1 - through / Math.max(1, eqCount)));
}

/**
 * Filters on dates (expired, a year) that the walk's first free keys follow: sorted by a column of few values
 * (Complete, say), each value's boxes come by submission date, so the expired ones sit at one end of each.
 */
function datesInWalk(f: Filters, walk: Walk): boolean {
  const free = walk.keys
    .slice(walk.seek)
    .filter((k) => !(k in f.eq) || f.eq[k as keyof EqFilters] === undefined);
  const fewValues = ["island", "complete", "keep_or_dump"].includes(free[0] ?? "");
  const dated =
    fewValues && ["report_submission_date", "storage_expiry_date", "year"].includes(free[1] ?? "");
  return dated && (f.expired || (f.eq.year !== undefined && !walk.keys.slice(0, walk.seek).includes("year")));
}

/**
 * Filters whose matches bunch up at one end of the walk: it may cross most of the index before finding them.
 * What counts is the walk's leading key once the equality filters are set aside. Search words follow it when a
 * good share of the hits have them in that column (shareInLead, measured per request); project names start with
 * the place; the year and the expired flag follow the dates.
 */
function correlated(f: Filters, walk: Walk, termsInLead: boolean): boolean {
  const seekKeys = walk.keys.slice(0, walk.seek);
  const lead = leadKey(f, walk);
  const free = (c: string) => !seekKeys.includes(c);
  if (termsInLead) return true;
  if (byPlace(f, walk)) return true;
  const dates = ["report_submission_date", "storage_expiry_date", "year"].includes(lead);
  if (dates && f.eq.year !== undefined && free("year")) return true;
  return dates && f.expired && free("storage_expiry_date");
}

/** Sorted by project with an island filter the walk does not seek on: project names start with the place. */
function byPlace(f: Filters, walk: Walk): boolean {
  const seeksIsland = walk.keys.slice(0, walk.seek).includes("island");
  return leadKey(f, walk).startsWith("project") && f.eq.island !== undefined && !seeksIsland;
}

/** The walk's leading key once the equality filters it seeks on are set aside. */
function leadKey(f: Filters, walk: Walk): string {
  return walk.keys.find((k) => !(k in f.eq) || f.eq[k as keyof EqFilters] === undefined) ?? "";
}

/** Hits whose words are in the lead column above this share bunch up in the sort order. */
const LEAD_SHARE = 0.1;
const MOSTLY_IN_LEAD = 0.5;
const SPARSE_HITS = 0.1;

/** Whether the walk's leading key (once the equality filters are set aside) is a column search words are in. */
function leadsWithText(f: Filters, walk: Walk): boolean {
  return TEXT_COLUMNS.includes(leadKey(f, walk).split(" ")[0]!);
}
const TEXT_COLUMNS = ["work_order", "project", "engineer"];

/**
 * How much do the search words follow the walk's order: the share of hits with a word in the walk's leading
 * column. Under an island sort, all (project names start with the place). "kai" is in project names (Kailua,
 * Kaimuki), so sorted by project its hits bunch together; "GS" is in the engineer column, so sorted by work
 * order its hits are spread like the boxes themselves. Measured on the words alone, without the filters' facets:
 * a facet's list is long (an island's holds half the inventory) and FTS5 steps through it in an AND, so the
 * share among all boxes with the words costs a quarter of the share among the hits, and says the same.
 * `withWords`: how many boxes have the words, when the caller knows (counted here otherwise).
 */
async function shareInLead(db: DbOrTx, f: Filters, walk: Walk, withWords?: number): Promise<number> {
  if (!f.terms.length || withWords === 0) return 0;
  // Under an island sort the words that follow it are places, and places are in the project names ("Kailua
  // Residence"): their share in the project column says how much the hits bunch by island. Initials and work
  // orders are spread over the islands like the boxes.
  const lead = leadKey(f, walk)
    .split(" ")[0]!
    .replace(/^island$/, "project");
  if (!TEXT_COLUMNS.includes(lead)) return 0;
  const quote = (t: string) => `"${t.replace(/"/g, '""')}"*`;
  const inLeadColumn = `{${lead}} : (${f.terms.map(quote).join(" OR ")})`;
  const [all, inLead] = await Promise.all([
    withWords ?? searchCount(db, matchExpression(f.terms, {})),
    // One word in the lead column is a hit already: its list alone (half the time of the AND with the words).
    searchCount(
      db,
      f.terms.length === 1 ? inLeadColumn : `${matchExpression(f.terms, {})} AND ${inLeadColumn}`,
    ),
  ]);
  return all ? inLead / all : 0;
}

/**
 * Plan A: walk an index in the sort's order, checking the filters on the index entries. With `cap`, at most
 * that many entries are walked (the walk is a subquery; SQLite keeps its order when reading it). With `rowCap`
 * instead (a search), at most that many entries passing the filters have their row read for the search words.
 */
export async function walkSortIndex(
  db: DbOrTx,
  f: Filters,
  page: PageRequest,
  cap?: number,
  rowCap?: number,
) {
  return db.all<RawBoxRow>(walkSql(f, page, cap, rowCap, await walkStart(db, f, page)));
}

/**
 * Where a walk starts (expiredYearBound, expiryStart), as terms on its leading key, which SQLite seeks on: none
 * when neither bound applies.
 */
export async function walkStart(db: DbOrTx, f: Filters, page: PageRequest): Promise<SQL[]> {
  const [yearAtMost, expiryBound] = await Promise.all([
    expiredYearBound(db, f, page),
    expiryStart(db, f, page),
  ]);
  return [
    ...(yearAtMost === undefined ? [] : [sql`year <= ${yearAtMost}`]),
    ...(expiryBound === undefined ? [] : [expiryBound]),
  ];
}

/**
 * Sorted by expiry date with equality filters (a year, say): the boxes of 2024 expire from 2026 on, and a walk
 * from the first expiry date would check every older box's entry before their first (10–12 ms for 2024 with
 * Expired only); newest first, the boxes of 2011 come after every later expiry. The summary knows the first and
 * last expiry months of the boxes matching the filters, so the walk seeks straight to the end it starts from.
 * Undefined when the bound does not apply, or when such a box has no expiry date and may be listed (`>=` and
 * `<` would leave it out).
 */
export function expiryStart(db: DbOrTx, f: Filters, page: PageRequest): Promise<SQL | undefined> {
  const walk = walkIndex(page.sort, f);
  if (!hasEqFilters(f) || leadKey(f, walk) !== "storage_expiry_date") return Promise.resolve(undefined);
  return once<SQL | undefined>(f, `expiry start ${page.dir}`, async () => {
    const [row] = await db.all<{ first: string | null; last: string | null; undated: number | null }>(
      sql`SELECT min(nullif(expiry_month, '')) AS first, max(expiry_month) AS last, max(expiry_month = '') AS undated FROM core_box_counts${whereSql(summaryTerms(f.eq))}`,
    );
    if (!row?.first || !row.last || (Number(row.undated) === 1 && !f.expired)) return undefined;
    if (page.dir === "asc") return sql`storage_expiry_date >= ${`${row.first}-01`}`;
    return sql`storage_expiry_date < ${monthAfter(row.last)}`;
  });
}

/** "2026-12" → "2027-01-01": the first day after the month. */
function monthAfter(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/**
 * Newest year first with "Expired only": the newest years have no expired box yet, and a walk would check all
 * their entries (a quarter of the inventory) before its first match. The summary knows the latest year with a
 * box expiring by this month, so the walk seeks straight to it. Undefined when the bound does not apply, or when
 * such a box has no year (those come last on the walk, and `year <= Y` would leave them out).
 */
export function expiredYearBound(db: DbOrTx, f: Filters, page: PageRequest): Promise<number | undefined> {
  const walk = walkIndex(page.sort, f);
  if (!f.expired || page.dir !== "desc" || leadKey(f, walk) !== "year") return Promise.resolve(undefined);
  return once<number | undefined>(f, "expired year bound", async () => {
    const terms = [
      ...summaryTerms(f.eq),
      sql`expiry_month <> ''`,
      sql`expiry_month <= ${f.today.slice(0, 7)}`,
    ];
    const [row] = await db.all<{ latest: number | null; earliest: number | null }>(
      sql`SELECT max(year) AS latest, min(year) AS earliest FROM core_box_counts${whereSql(terms)}`,
    );
    // The summary stores a missing year as 0.
    if (row?.latest == null || Number(row.earliest) === 0) return undefined;
    return Number(row.latest);
  });
}

/**
 * Search words are checked on each row the walk reaches (after the index's own filter checks), so a page costs
 * the rows walked, never the number of search hits. `start`: where the walk starts (walkStart).
 */
export function walkSql(
  f: Filters,
  page: PageRequest,
  cap?: number,
  rowCap?: number,
  start: SQL[] = [],
): SQL {
  const walk = walkIndex(page.sort, f);
  const seekKeys = walk.keys.slice(0, walk.seek);
  const order = orderBy(page.sort, page.dir);
  const idx = sql.raw(walk.index);
  const words = f.terms.length ? "search_words" : undefined;
  if (words && rowCap !== undefined) {
    // At most `rowCap` of the entries that pass the index's filters go on to have their words checked. The
    // filters are checked in the walk itself: an entry turned down there costs ~0.03 µs, where handing every
    // walked entry out of a capped subquery first cost ~0.2 µs (7.9 → 4.2 ms for "GS" on Oahu, expired only,
    // sorted by island). The entries walked are then bounded by the range only, which the plan costed.
    const through = entriesThrough(f, page, walk, rowCap, start);
    const hit = filterTerms({ ...f, eq: {}, expired: false }, { words: "b.search_words" });
    return sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM core_boxes WHERE id IN (SELECT t.id FROM (${through}) AS t CROSS JOIN core_boxes b ON b.id = t.id${whereSql(hit)} LIMIT ${page.limit} OFFSET ${page.offset}) ORDER BY ${order}`;
  }
  if (cap === undefined) {
    const terms = [...filterTerms(f, { seekKeys, words }), ...start];
    return sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM core_boxes INDEXED BY ${idx}${whereSql(terms)} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}`;
  }
  const inner = sql`SELECT id, island, year, complete, keep_or_dump, storage_expiry_date FROM core_boxes INDEXED BY ${idx}${whereSql([...seekTerms(f, seekKeys), ...start])} ORDER BY ${order} LIMIT ${cap}`;
  const outer = filterTerms(f, { alias: "w", words: words && "b.search_words" });
  // The join reads a box only for walked entries that passed the index's filters. CROSS JOIN keeps the walk the
  // outer loop: with table statistics SQLite may otherwise scan the boxes and probe the walk, and LIMIT/OFFSET
  // would then cut the page in id order instead of the walk's.
  const from = words ? sql` CROSS JOIN core_boxes b ON b.id = w.id` : sql``;
  return sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM core_boxes WHERE id IN (SELECT w.id FROM (${inner}) AS w${from}${whereSql(outer)} LIMIT ${page.limit} OFFSET ${page.offset}) ORDER BY ${order}`;
}

/**
 * A walk of at most `cap` entries that pass the index's filters, each checked against the search hits gathered
 * once into a set: ~0.25 µs an entry instead of a row read, for words that bunch somewhere along the walk.
 */
export function setWalkSql(f: Filters, page: PageRequest, cap: number, search: SQL, start: SQL[] = []): SQL {
  const order = orderBy(page.sort, page.dir);
  const through = entriesThrough(f, page, walkIndex(page.sort, f), cap, start);
  return sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM core_boxes WHERE id IN (SELECT t.id FROM (${through}) AS t WHERE t.id IN (SELECT rowid FROM core_boxes_search WHERE core_boxes_search MATCH ${search}) LIMIT ${page.limit} OFFSET ${page.offset}) ORDER BY ${order}`;
}

/**
 * The walk's entries that pass the index's own filters (checked in the walk: ~0.03 µs an entry turned down), in
 * the sort's order, at most `limit` of them; `start` bounds where the walk begins.
 */
function entriesThrough(f: Filters, page: PageRequest, walk: Walk, limit: number, start: SQL[] = []): SQL {
  const terms = [...filterTerms(f, { seekKeys: walk.keys.slice(0, walk.seek) }), ...start];
  return sql`SELECT id FROM core_boxes INDEXED BY ${sql.raw(walk.index)}${whereSql(terms)} ORDER BY ${orderBy(page.sort, page.dir)} LIMIT ${limit}`;
}

/** Only the terms the walk seeks on (its range); the capped walk checks the others outside. */
function seekTerms(f: Filters, seekKeys: string[]): SQL[] {
  return seekKeys.map((k) =>
    k === "storage_expiry_date"
      ? sql`storage_expiry_date < ${f.today}`
      : sql`${sql.raw(k)} = ${f.eq[k as keyof EqFilters]}`,
  );
}

/**
 * Plan B: every matching row (search hits, or the best filter index's range), sorted; only the page's ids are
 * kept from the sort, then those rows are read.
 */
export function filterFirst(db: DbOrTx, f: Filters, page: PageRequest, search: SQL | null) {
  let inner: SQL;
  if (search) {
    // Join from the search hits (cheaper than an IN list, which is first copied into a temporary index).
    const expired = f.expired ? sql` AND +b.storage_expiry_date < ${f.today}` : sql``;
    inner = sql`SELECT b.id FROM core_boxes_search s JOIN core_boxes b ON b.id = s.rowid WHERE core_boxes_search MATCH ${search}${expired} ORDER BY ${orderBy(page.sort, page.dir, true, "b")}`;
  } else {
    const best = bestFilterIndex(f);
    const terms = filterTerms(f, { seekKeys: best.keys.slice(0, seekablePrefix(best.keys, f)) });
    inner = sql`SELECT id FROM core_boxes INDEXED BY ${sql.raw(best.index)}${whereSql(terms)} ORDER BY ${orderBy(page.sort, page.dir, true)}`;
  }
  return db.all<RawBoxRow>(
    sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM core_boxes WHERE id IN (${inner} LIMIT ${page.limit} OFFSET ${page.offset}) ORDER BY ${orderBy(page.sort, page.dir)}`,
  );
}
