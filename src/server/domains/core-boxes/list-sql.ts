/**
 * SQL pieces of the core box list: the sort definitions (each mirrors one index of schema/core-boxes.ts), the
 * filter terms, and the full-text MATCH expression. list-plan.ts decides how to combine them.
 */
import type { SortDir } from "@shared/common";
import type { CoreBoxSortColumn } from "@shared/core-boxes";
import { type SQL, sql } from "drizzle-orm";

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
  island: {
    index: "core_boxes_sort_island_idx",
    keys: ["island", "year", "complete", "keep_or_dump", "storage_expiry_date"],
  },
  complete: {
    index: "core_boxes_sort_complete_idx",
    keys: ["complete", "keep_or_dump", "island", "year", "storage_expiry_date"],
  },
  keep_or_dump: {
    index: "core_boxes_sort_disposition_idx",
    keys: ["keep_or_dump", "island", "year", "complete", "storage_expiry_date"],
  },
};

export const ROW_COLUMNS =
  "id, work_order, project, engineer, report_submission_date, storage_expiry_date, complete, keep_or_dump, island, year, created_at, created_by, updated_at, updated_by";

/** "k1 desc, k2 desc, …, id desc"; with `plus`, every key is an expression so no index can supply the order. */
export function orderBy(sort: CoreBoxSortColumn, dir: SortDir, plus = false): SQL {
  const p = plus ? "+" : "";
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

/** The index whose leading keys the filters seek on furthest (used to count and to fetch filter-first). */
export function bestFilterIndex(f: Filters): { index: string; keys: string[] } {
  let best = SORTS.island;
  let bestLen = -1;
  for (const s of Object.values(SORTS)) {
    const len = seekablePrefix(s.keys, f);
    if (len > bestLen) {
      best = s;
      bestLen = len;
    }
  }
  return best;
}

/**
 * Filter terms. Terms on the first `seek` keys of the index in use stay plain (SQLite seeks on them); the rest
 * get a unary + so SQLite only checks them, instead of treating them as constants and re-sorting the result.
 * `alias` qualifies columns when the terms apply to a derived table.
 */
export function filterTerms(f: Filters, opts: { seekKeys?: string[]; alias?: string; search?: SQL | null }) {
  const seek = new Set(opts.seekKeys ?? []);
  const col = (c: string) => sql.raw(`${seek.has(c) ? "" : "+"}${opts.alias ? `${opts.alias}.` : ""}${c}`);
  const terms: SQL[] = [];
  for (const [c, v] of Object.entries(f.eq)) if (v !== undefined) terms.push(sql`${col(c)} = ${v}`);
  if (f.expired) terms.push(sql`${col("storage_expiry_date")} < ${f.today}`);
  if (opts.search) {
    const id = sql.raw(opts.alias ? `${opts.alias}.id` : "id");
    terms.push(
      sql`${id} IN (SELECT rowid FROM core_boxes_search WHERE core_boxes_search MATCH ${opts.search})`,
    );
  }
  return terms;
}

export const whereSql = (terms: SQL[]) => (terms.length ? sql` WHERE ${sql.join(terms, sql` AND `)}` : sql``);

/** The island facet token: hex of the lower-cased name, as db/extras.ts computes it with SQLite's hex(lower()). */
export function islandFacet(island: string): string {
  const asciiLower = island.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return `i${Buffer.from(asciiLower, "utf8").toString("hex").toUpperCase()}`;
}

/** FTS5 query: every word as a prefix in work order, project or engineer, and the equality filters as facets. */
export function matchExpression(terms: string[], eq: EqFilters): string {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const parts = [`{work_order project engineer} : (${terms.map((t) => `${quote(t)}*`).join(" AND ")})`];
  const facets: string[] = [];
  if (eq.island !== undefined) facets.push(islandFacet(String(eq.island)));
  if (eq.year !== undefined) facets.push(`y${eq.year}`);
  if (eq.complete !== undefined) facets.push(`c${String(eq.complete).toLowerCase()}`);
  if (eq.keep_or_dump !== undefined) facets.push(`d${String(eq.keep_or_dump).toLowerCase()}`);
  if (facets.length) parts.push(`facets : (${facets.map(quote).join(" AND ")})`);
  return parts.join(" AND ");
}

/** Search text → words that can match (letters or digits in them); at most 8. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return q
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, 8);
}
