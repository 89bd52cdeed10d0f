/**
 * The core box list on the shared list engine (lib/list-engine.ts). Totals come from the core_box_counts
 * summary (equality filters; "Expired only" as whole months from it plus this month's days from the expiry
 * index; "expires within" as a range of that index) or from the full-text search, where the equality filters are facet tokens; a search's total is counted
 * up to the cap. The page is a walk of the sort's index or a fetch of the matches, as the engine decides.
 */
import type { SortDir } from "@shared/common";
import {
  type CoreBoxFilters,
  type CoreBoxListInput,
  type CoreBoxRow,
  type CoreBoxSortColumn,
  expiresWithinUntil,
  todayIso,
} from "@shared/core-boxes";
import type { ListPage } from "@shared/list-total";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { idRange } from "../../lib/fts-estimate";
import {
  countUpTo,
  fetchCounted,
  type ListQuery,
  pageIds,
  type Total,
  whereSql,
} from "../../lib/list-engine";
import { pageRowsByIds } from "./queries";
import { searchNeedle } from "./search-words";

type EqColumn = "island" | "year" | "complete" | "keep_or_dump";
const EQ_COLUMNS: EqColumn[] = ["island", "year", "complete", "keep_or_dump"];

export interface Filters {
  /** Search words (letters or digits in each), empty when there is no search text. */
  terms: string[];
  eq: Partial<Record<EqColumn, string | number>>;
  expired: boolean;
  /** "Expires within N days": the last expiry date that counts (YYYY-MM-DD), null without that filter. */
  expiresBy: string | null;
  /** Today's date (YYYY-MM-DD): a box with an expiry date before it is expired. */
  today: string;
}

/** Search text → words that can match (letters or digits in them); at most 8. */
export function searchWords(q: string | undefined): string[] {
  return (q ?? "")
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, 8);
}

/** The list's filters; null when the search text has nothing searchable in it (it matches no box). */
export function toFilters(input: CoreBoxFilters, now: Date): Filters | null {
  const terms = searchWords(input.q);
  if (input.q && terms.length === 0) return null;
  const eq: Filters["eq"] = {};
  for (const c of EQ_COLUMNS) if (input[c] != null && input[c] !== "") eq[c] = input[c];
  const expiresBy = input.expires ? expiresWithinUntil(input.expires, now) : null;
  return { terms, eq, expired: input.expired === true, expiresBy, today: todayIso(now) };
}

const FILTER_KEYS = ["island", "year", "complete", "keep_or_dump", "storage_expiry_date"];
const NOCASE = new Set<CoreBoxSortColumn>(["project", "engineer"]);
/**
 * The sort's ORDER BY keys, ending with id (also the reference tests' order), in the order of the sort's index
 * (schema/core-boxes.ts), so the index alone gives the order: the sort's column, then every filter column, so a
 * walk checks the filters without reading rows. Sorts on columns of few values (the equality filters) order by
 * submission date within each value.
 */
export function sortKeys(sort: CoreBoxSortColumn): string[] {
  const within = (EQ_COLUMNS as string[]).includes(sort) ? ["report_submission_date"] : [];
  const lead = NOCASE.has(sort) ? `${sort} COLLATE NOCASE` : sort;
  return [lead, ...within, ...FILTER_KEYS.filter((k) => k !== sort), "id"];
}

/** `prefix` "+" writes the columns so SQLite checks the terms instead of choosing their index. */
const eqTerms = (eq: Filters["eq"], prefix = "") =>
  Object.entries(eq).map(([c, v]) => sql`${sql.raw(prefix + c)} = ${v}`);

/** The FTS5 query: every word as a prefix in work order, project or engineer, and the equality filters as facets. */
export function matchExpression(f: Filters): string {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const words = `{work_order project engineer} : (${f.terms.map((t) => `${quote(t)}*`).join(" AND ")})`;
  const facets: string[] = [];
  if (f.eq.island !== undefined) facets.push(islandFacet(String(f.eq.island)));
  if (f.eq.year !== undefined) facets.push(`y${f.eq.year}`);
  if (f.eq.complete !== undefined) facets.push(`c${String(f.eq.complete).toLowerCase()}`);
  if (f.eq.keep_or_dump !== undefined) facets.push(`d${String(f.eq.keep_or_dump).toLowerCase()}`);
  return facets.length ? `${words} AND facets : (${facets.map(quote).join(" AND ")})` : words;
}

/** The island facet token: hex of the lower-cased name, as db/extras.ts computes it with SQLite's hex(lower()). */
export function islandFacet(island: string): string {
  const asciiLower = island.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return `i${Buffer.from(asciiLower, "utf8").toString("hex").toUpperCase()}`;
}

const expired = (f: Filters) => sql`storage_expiry_date < ${f.today}`;
/** Whether a filter reads the expiry date ("Expired only", "expires within"). */
const onExpiry = (f: Filters) => f.expired || f.expiresBy !== null;
/** The expiry filters' terms (`prefix` as in eqTerms): before today, or from today up to `expiresBy`. */
function expiryTerms(f: Filters, prefix = ""): SQL[] {
  const column = sql.raw(`${prefix}storage_expiry_date`);
  const terms: SQL[] = [];
  if (f.expired) terms.push(sql`${column} < ${f.today}`);
  if (f.expiresBy) terms.push(sql`${column} >= ${f.today}`, sql`${column} <= ${f.expiresBy}`);
  return terms;
}
const searchHits = (f: Filters) =>
  sql`SELECT rowid FROM core_boxes_search WHERE core_boxes_search MATCH ${matchExpression(f)}`;

/** The list as the engine reads it: the sort's keys, the filters split into seek and checks, the search's hits. */
export function boxQuery(f: Filters, sort: CoreBoxSortColumn, dir: SortDir): ListQuery {
  const keys = sortKeys(sort);
  const lead = keys[0]!;
  const seek: SQL[] = [];
  const where: SQL[] = [];
  for (const [c, v] of Object.entries(f.eq)) (c === lead ? seek : where).push(sql`${sql.raw(c)} = ${v}`);
  for (const t of expiryTerms(f)) (lead === "storage_expiry_date" ? seek : where).push(t);
  // The search on the row's stored words (search-words.ts) for a walk; a fetch starts from the full-text hits.
  for (const t of f.terms) where.push(sql`instr(search_words, ${searchNeedle(t)}) > 0`);
  const columns = [...Object.keys(f.eq), ...(onExpiry(f) ? ["storage_expiry_date"] : [])];
  if (f.terms.length) columns.push("search_words");
  const hits = f.terms.length ? { ids: searchHits(f), where: expiryTerms(f, "+") } : undefined;
  return { table: "core_boxes", keys, dir, seek, where, columns, hits };
}

const one = async (db: DbOrTx, query: SQL) => Number((await db.all<{ n: number }>(query))[0]?.n ?? 0);

/** How many live boxes match equality filters: summaryCount, or the service's kept counts (service.ts). */
export type SummaryCount = (db: DbOrTx, eq: Filters["eq"]) => Promise<number>;

/** Live boxes matching equality filters (and `extra` terms on the summary), from the summary table. */
export const summaryCount = (db: DbOrTx, eq: Filters["eq"] = {}, extra: SQL[] = []) =>
  one(db, sql`SELECT coalesce(sum(n), 0) AS n FROM core_box_counts${whereSql([...eqTerms(eq), ...extra])}`);

/** The total: exact from the summary without search text; counted up to the cap with it. */
export async function countBoxes(db: DbOrTx, f: Filters, count: SummaryCount = summaryCount): Promise<Total> {
  if (f.terms.length) {
    if (!onExpiry(f))
      return countUpTo(db, sql`core_boxes_search WHERE core_boxes_search MATCH ${matchExpression(f)}`);
    return countUpTo(
      db,
      sql`core_boxes WHERE ${sql.join([sql`id IN (${searchHits(f)})`, ...expiryTerms(f, "+")], sql` AND `)}`,
    );
  }
  if (!onExpiry(f)) return { total: await count(db, f.eq), capped: false };
  // A few months ahead at most: a range of the expiry index, counted.
  if (f.expiresBy)
    return {
      total: await one(
        db,
        sql`SELECT count(*) AS n FROM core_boxes${whereSql([...expiryTerms(f), ...eqTerms(f.eq, "+")])}`,
      ),
      capped: false,
    };
  // Whole months before this one from the summary (it counts by expiry month), this month's days from the index.
  const month = f.today.slice(0, 7);
  const since = sql`storage_expiry_date >= ${`${month}-01`}`;
  const [whole, thisMonth] = await Promise.all([
    summaryCount(db, f.eq, [sql`expiry_month <> ''`, sql`expiry_month < ${month}`]),
    one(db, sql`SELECT count(*) AS n FROM core_boxes${whereSql([since, expired(f), ...eqTerms(f.eq, "+")])}`),
  ]);
  return { total: whole + thisMonth, capped: false };
}

export async function listCoreBoxes(
  db: DbOrTx,
  input: CoreBoxListInput,
  now = new Date(),
  count: SummaryCount = summaryCount,
): Promise<ListPage<CoreBoxRow>> {
  const f = toFilters(input, now);
  if (!f) return { rows: [], total: 0, total_capped: false };
  const q = boxQuery(f, input.sort_by, input.sort_dir);
  const page = { offset: (input.page - 1) * input.page_size, limit: input.page_size };
  // A search with an expiry filter reads each hit's row to count it; when the hits are few, that one read gives
  // the page too.
  if (f.terms.length && onExpiry(f) && !(await countUpTo(db, sql`(${searchHits(f)})`)).capped) {
    const both = await fetchCounted(db, q, page);
    if (both.total !== null) return boxPage(db, both.ids, f, { total: both.total, capped: false });
  }
  // A walk may read every box, or only those of the value it seeks on (one island, sorted by island).
  const seekOn = EQ_COLUMNS.find((c) => c === q.keys[0] && f.eq[c] !== undefined);
  // Without any filter every box matches: the total is what a walk could read, no second read needed.
  const unfiltered = !f.terms.length && !onExpiry(f) && Object.keys(f.eq).length === 0;
  const [counted, scanned] = await Promise.all([
    countBoxes(db, f, count),
    seekOn ? count(db, { [seekOn]: f.eq[seekOn] }) : unfiltered ? null : boxesSpan(db),
  ]);
  return boxPage(
    db,
    await pageIds(db, q, page, { ...counted, scanned: scanned ?? counted.total }),
    f,
    counted,
  );
}

async function boxPage(db: DbOrTx, ids: number[], f: Filters, counted: Total): Promise<ListPage<CoreBoxRow>> {
  const rows = await pageRowsByIds(db, ids, f.today);
  return { rows, total: counted.total, total_capped: counted.capped };
}

/**
 * How many entries a walk of a whole sort index could read, for the engine's choice only: the span of the
 * ids (one seek to each end). It is the number of boxes, or a little more after removals; a count(*) would read
 * every page of the table's b-tree on each list request for the same choice.
 */
const boxesSpan = async (db: DbOrTx) => (await idRange(db, "core_boxes")).span;

/** Live boxes whose storage expires from `today` up to `until` (YYYY-MM-DD both): one range of the expiry index. */
export const countExpiringBetween = (db: DbOrTx, today: string, until: string) =>
  one(
    db,
    sql`SELECT count(*) AS n FROM core_boxes WHERE storage_expiry_date >= ${today} AND storage_expiry_date <= ${until}`,
  );

export interface ExpiringBox {
  id: number;
  work_order: string;
  project: string;
  storage_expiry_date: string;
}

/** The first `limit` of those boxes, soonest first (the same range, read in the index's order). */
export const expiringBetween = (db: DbOrTx, today: string, until: string, limit: number) =>
  db.all<ExpiringBox>(sql`
    SELECT id, work_order, project, storage_expiry_date FROM core_boxes
    WHERE storage_expiry_date >= ${today} AND storage_expiry_date <= ${until}
    ORDER BY storage_expiry_date, id LIMIT ${limit}`);
