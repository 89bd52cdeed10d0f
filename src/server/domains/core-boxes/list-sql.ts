/**
 * SQL pieces of the core box list: the sort definitions (each mirrors one index of schema/core-boxes.ts), the
 * filter terms, and the full-text MATCH expression. list-plan.ts decides how to combine them.
 */
import type { SortDir } from "@shared/common";
import type { CoreBoxSortColumn } from "@shared/core-boxes";
import { type SQL, sql } from "drizzle-orm";
import { searchNeedle } from "./search-words";

export type EqColumn = "island" | "year" | "complete" | "keep_or_dump";
export type EqFilters = Partial<Record<EqColumn, string | number>>;

export interface Filters {
  /** Search words (already split and checked), empty when there is no search text. */
  terms: string[];
  eq: EqFilters;
  expired: boolean;
  /** Today's date (YYYY-MM-DD): a box with an expiry date before it is expired. */
  today: string;
}

/** Whether any equality filter (island, year, complete, disposition) is set. */
export const hasEqFilters = (f: Filters) => Object.values(f.eq).some((v) => v !== undefined);

const F = ["island", "year", "complete", "keep_or_dump", "storage_expiry_date"];

/** Sort keys in index order; ORDER BY uses all of them (then id) so the index alone gives the order. */
export const SORTS: Record<CoreBoxSortColumn, { index: string; keys: string[] }> = {
  work_order: { index: "core_boxes_sort_work_order_idx", keys: ["work_order", ...F] },
  project: { index: "core_boxes_sort_project_idx", keys: ["project COLLATE NOCASE", ...F] },
  engineer: { index: "core_boxes_sort_engineer_idx", keys: ["engineer COLLATE NOCASE", ...F] },
  report_submission_date: { index: "core_boxes_sort_submitted_idx", keys: ["report_submission_date", ...F] },
  storage_expiry_date: {
    index: "core_boxes_sort_expiry_idx",
    keys: ["storage_expiry_date", "island", "year", "complete", "keep_or_dump"],
  },
  year: {
    index: "core_boxes_sort_year_idx",
    keys: ["year", "report_submission_date", "island", "complete", "keep_or_dump", "storage_expiry_date"],
  },
  // Sorts on columns with few values order by submission date within each value: place names in the search
  // text would otherwise bunch up behind the island key.
  island: {
    index: "core_boxes_sort_island_idx",
    keys: ["island", "report_submission_date", "year", "complete", "keep_or_dump", "storage_expiry_date"],
  },
  complete: {
    index: "core_boxes_sort_complete_idx",
    keys: ["complete", "report_submission_date", "island", "year", "keep_or_dump", "storage_expiry_date"],
  },
  keep_or_dump: {
    index: "core_boxes_sort_disposition_idx",
    keys: ["keep_or_dump", "report_submission_date", "island", "year", "complete", "storage_expiry_date"],
  },
};

/** Indexes that serve a sort when some filters are fixed (listed with their keys, as in the schema). */
export const EXTRA_INDEXES: { index: string; keys: string[] }[] = [
  {
    index: "core_boxes_island_project_idx",
    keys: ["island", "project COLLATE NOCASE", "year", "complete", "keep_or_dump", "storage_expiry_date"],
  },
];

/**
 * The index to walk for `sort` under these filters: the sort's own, or another that gives the same order once
 * the columns it seeks on (fixed by equality filters) are set aside, and seeks further.
 */
export function walkIndex(
  sort: CoreBoxSortColumn,
  f: Filters,
): { index: string; keys: string[]; seek: number } {
  const own = SORTS[sort];
  let best = { ...own, seek: seekablePrefix(own.keys, f) };
  for (const c of [...Object.values(SORTS), ...EXTRA_INDEXES]) {
    const seek = seekablePrefix(c.keys, f);
    if (seek <= best.seek || c.keys[seek - 1] === "storage_expiry_date") continue;
    const fixed = new Set(c.keys.slice(0, seek));
    const same = c.keys.slice(seek).join() === own.keys.filter((k) => !fixed.has(k)).join();
    if (same) best = { ...c, seek };
  }
  return best;
}

/** The index a page is walked on, its keys, and how many of them the equality filters seek on. */
export type Walk = ReturnType<typeof walkIndex>;

export const ROW_COLUMNS =
  "id, work_order, project, engineer, report_submission_date, storage_expiry_date, complete, keep_or_dump, island, year, created_at, created_by, updated_at, updated_by";

/**
 * "k1 desc, k2 desc, …, id desc"; with `plus`, every key is an expression so no index can supply the order;
 * `alias` qualifies the columns.
 */
export function orderBy(sort: CoreBoxSortColumn, dir: SortDir, plus = false, alias?: string): SQL {
  const p = `${plus ? "+" : ""}${alias ? `${alias}.` : ""}`;
  return sql.raw([...SORTS[sort].keys, "id"].map((k) => `${p}${k} ${dir}`).join(", "));
}

/** How many leading keys of `keys` the filters can seek on (equalities, then the expiry range). */
export function seekablePrefix(keys: string[], f: Filters): number {
  let n = 0;
  for (const k of keys) {
    if (k in f.eq && f.eq[k as EqColumn] !== undefined) n++;
    else if (k === "storage_expiry_date" && f.expired) return n + 1;
    else break;
  }
  return n;
}

/**
 * The index whose leading keys the filters seek on furthest (used to count and to fetch filter-first);
 * equalities count double, as a range (expired) usually keeps most of the rows.
 */
export function bestFilterIndex(f: Filters): { index: string; keys: string[] } {
  let best = SORTS.island;
  let bestScore = -1;
  for (const s of Object.values(SORTS)) {
    const len = seekablePrefix(s.keys, f);
    const score = len * 2 - (len > 0 && s.keys[len - 1] === "storage_expiry_date" ? 1 : 0);
    if (score > bestScore) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Filter terms. Terms on the first `seek` keys of the index in use stay plain (SQLite seeks on them); the rest
 * get a unary + so SQLite only checks them, instead of treating them as constants and re-sorting the result.
 * `alias` qualifies columns when the terms apply to a derived table.
 */
export function filterTerms(
  f: Filters,
  opts: { seekKeys?: string[]; alias?: string; search?: SQL | null; words?: string },
) {
  const seek = new Set(opts.seekKeys ?? []);
  const col = (c: string) => sql.raw(`${seek.has(c) ? "" : "+"}${opts.alias ? `${opts.alias}.` : ""}${c}`);
  const terms: SQL[] = [];
  for (const [c, v] of Object.entries(f.eq)) if (v !== undefined) terms.push(sql`${col(c)} = ${v}`);
  if (f.expired) terms.push(sql`${col("storage_expiry_date")} < ${f.today}`);
  // Search words checked on the row (search-words.ts): for walks, which read few rows per page.
  if (opts.words !== undefined) {
    for (const t of f.terms) terms.push(sql`instr(${sql.raw(opts.words)}, ${searchNeedle(t)}) > 0`);
  }
  if (opts.search) {
    const id = sql.raw(opts.alias ? `${opts.alias}.id` : "id");
    terms.push(
      sql`${id} IN (SELECT rowid FROM core_boxes_search WHERE core_boxes_search MATCH ${opts.search})`,
    );
  }
  return terms;
}

export const whereSql = (terms: SQL[]) => (terms.length ? sql` WHERE ${sql.join(terms, sql` AND `)}` : sql``);

/** "?, ?, …": the values bound, for an IN list. */
export const boundList = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * `i(v)`: the islands that have boxes, A to Z, hopping on the summary's primary key (which starts with island):
 * one seek per island, whatever the number of boxes. For a WITH RECURSIVE clause.
 */
export const ISLANDS_CTE = sql`i(v) AS (
      SELECT (SELECT min(island) FROM core_box_counts WHERE island > '')
      UNION ALL
      SELECT (SELECT min(island) FROM core_box_counts WHERE island > i.v) FROM i WHERE i.v IS NOT NULL
    )`;

/** The island facet token: hex of the lower-cased name, as db/extras.ts computes it with SQLite's hex(lower()). */
export function islandFacet(island: string): string {
  const asciiLower = island.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return `i${Buffer.from(asciiLower, "utf8").toString("hex").toUpperCase()}`;
}

/**
 * FTS5 query: every word as a prefix in work order, project or engineer, and the equality filters as facets;
 * `extra` is one more facet condition.
 */
export function matchExpression(terms: string[], eq: EqFilters, extra?: string): string {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const parts = [`{work_order project engineer} : (${terms.map((t) => `${quote(t)}*`).join(" AND ")})`];
  const facets: string[] = [];
  if (eq.island !== undefined) facets.push(islandFacet(String(eq.island)));
  if (eq.year !== undefined) facets.push(`y${eq.year}`);
  if (eq.complete !== undefined) facets.push(`c${String(eq.complete).toLowerCase()}`);
  if (eq.keep_or_dump !== undefined) facets.push(`d${String(eq.keep_or_dump).toLowerCase()}`);
  if (facets.length) parts.push(`facets : (${facets.map(quote).join(" AND ")})`);
  if (extra) parts.push(extra);
  return parts.join(" AND ");
}

/**
 * Boxes with no expiry date or one after today's month, as facet tokens: the later months of this year, the
 * rest of this decade's years, then later decades and centuries as prefixes (a handful of terms in all).
 */
export function laterExpiryFacets(today: string): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const out = [`"eynone"`];
  for (let mm = m + 1; mm <= 12; mm++) out.push(`"em${y}${String(mm).padStart(2, "0")}"`);
  for (let yy = y + 1; yy % 10 !== 0; yy++) out.push(`"ey${yy}"`);
  for (let d = Math.floor(y / 10) + 1; d % 10 !== 0; d++) out.push(`"ey${d}"*`);
  for (let c = Math.floor(y / 100) + 1; c <= 22; c++) out.push(`"ey${c}"*`);
  return `facets : (${out.join(" OR ")})`;
}

export const monthFacet = (today: string) => `facets : "em${today.slice(0, 4)}${today.slice(5, 7)}"`;

/** Search text → words that can match (letters or digits in them); at most 8. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return q
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, 8);
}
