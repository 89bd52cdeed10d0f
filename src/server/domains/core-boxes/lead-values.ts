/**
 * Plan C, for a one-word search whose every hit has the word in the sorted column, when that column holds few
 * distinct values: an engineer's initials ("GS" sorted by Engineer). Plan B would read all of the hits
 * (16,589 rows for "GS" in 200,000 boxes: 12–14 ms) and a walk would cross every engineer before the first "GS".
 * Instead the column's distinct values are listed on its sort index (a seek per value, ~3 µs each), the ones
 * holding the word are picked the way a row's search words are checked (search-words.ts), and the page is read
 * by seeking the index on those values in the sort's order: no sort, no hit read beyond the page (~1 ms).
 */
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { PageRequest, RawBoxRow } from "./list-plan";
import { type Filters, filterTerms, orderBy, ROW_COLUMNS, type Walk, whereSql } from "./list-sql";
import { searchNeedle, searchTokens } from "./search-words";

/**
 * Sorted columns whose values are few by nature: the staff's initials, alone or in pairs. Project names and
 * work orders are not (a work order is unique), so listing their values would cost more than it saves.
 */
const FEW_VALUED = new Set(["engineer"]);
/** Listing stops past this many values (a few milliseconds), and the other plans answer. */
const VALUES_MAX = 1000;

/**
 * The sorted column's values that hold the search word, in no particular order; null when the plan does not
 * apply (more than one word, a sort by another column or with a seek before it, too many values, or none).
 */
export async function valuesWithWord(db: DbOrTx, f: Filters, walk: Walk): Promise<string[] | null> {
  if (!onFewValued(walk) || f.terms.length !== 1) return null;
  // One seek per distinct value (the key carries the index's collation): the next value after the last one found.
  const key = sql.raw(walk.keys[0]!);
  const idx = sql.raw(walk.index);
  const rows = await db.all<{ v: string }>(
    sql`WITH RECURSIVE e(v) AS (SELECT min(${key}) FROM core_boxes INDEXED BY ${idx} UNION ALL SELECT (SELECT min(${key}) FROM core_boxes INDEXED BY ${idx} WHERE ${key} > e.v) FROM e WHERE e.v IS NOT NULL LIMIT ${VALUES_MAX + 1}) SELECT v FROM e WHERE v IS NOT NULL`,
  );
  if (rows.length > VALUES_MAX) return null;
  const needle = searchNeedle(f.terms[0]!);
  const values = rows.map((r) => String(r.v)).filter((v) => ` ${searchTokens(v).join(" ")}`.includes(needle));
  return values.length ? values : null;
}

/** The walk starts on a few-valued column of its own (no seek on an equality filter before it). */
const onFewValued = (walk: Walk) => walk.seek === 0 && FEW_VALUED.has(walk.keys[0]!.split(" ")[0]!);

/** The index's entries holding one of `values`, with the other filters checked on the index. */
function onValues(f: Filters, walk: Walk, values: string[]): SQL {
  const inValues = sql`${sql.raw(walk.keys[0]!)} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
  return sql`FROM core_boxes INDEXED BY ${sql.raw(walk.index)}${whereSql([inValues, ...filterTerms(f, {})])}`;
}

/** The page, read by seeking the sort index on the values (their order is the index's: no sort). */
export function pageOnValues(db: DbOrTx, f: Filters, walk: Walk, values: string[], page: PageRequest) {
  const order = orderBy(page.sort, page.dir);
  return db.all<RawBoxRow>(
    sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM core_boxes WHERE id IN (SELECT id ${onValues(f, walk, values)} ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}) ORDER BY ${order}`,
  );
}

/** How many boxes the values and the filters hold: index entries only, ~0.03 µs each. */
export async function countOnValues(db: DbOrTx, f: Filters, walk: Walk, values: string[]) {
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n ${onValues(f, walk, values)}`);
  return Number(row?.n ?? 0);
}
