/**
 * Plan C, for a one-word search whose every hit has the word in the sorted column: a project name ("kai" sorted
 * by Project: Kailua, Hawaii Kai) or an engineer's initials ("GS" sorted by Engineer). Plan B would read all of
 * the hits (13,018 rows for "kai" in 200,000 boxes: 12–14 ms) and a walk would cross every value before the
 * first hit. Instead the column's values holding the word are looked up by word in core_box_values (one
 * full-text lookup, however many values the column has), and the page is read by seeking the sort index on
 * those values in the sort's order: no sort, no hit read beyond the page (~1 ms).
 * The hits are exactly the boxes holding those values: a hit has the word in the column (the planner measured
 * it of every hit), and a box whose value holds the word is a hit (one word).
 */
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { CORE_BOX_VALUE_FIELDS } from "../../db/schema/core-boxes";
import type { PageRequest, RawBoxRow } from "./list-plan";
import {
  boundList,
  type Filters,
  filterTerms,
  ISLANDS_CTE,
  orderBy,
  ROW_COLUMNS,
  type Walk,
  whereSql,
} from "./list-sql";

/** The sorted columns whose values core_box_values keeps (work orders are one per box: nothing to gain). */
const VALUE_FIELDS = new Set<string>(CORE_BOX_VALUE_FIELDS);
/** Past this many values holding the word, the other plans answer (the IN list is sorted before the seeks). */
const VALUES_MAX = 1000;
/** The island probe seeks every island for every value: past this many values it costs more than it saves. */
const ISLAND_PROBE_VALUES_MAX = 100;

/**
 * The sorted column's values that hold the search word, in no particular order; null when the plan does not
 * apply (more than one word, a sort by another column, too many values, or none).
 */
export async function valuesWithWord(db: DbOrTx, f: Filters, walk: Walk): Promise<string[] | null> {
  const field = valueField(walk);
  if (!field || f.terms.length !== 1) return null;
  return wordValues(db, field, f.terms[0]!);
}

/** The values of `field` holding `word` (up to VALUES_MAX), null when there are none or more. */
async function wordValues(db: DbOrTx, field: string, word: string): Promise<string[] | null> {
  const phrase = `"${word.replace(/"/g, '""')}"*`;
  // CROSS JOIN keeps the lookup outer: SQLite would otherwise read every value of the field and run the
  // full-text match once per value (3 ms instead of 0.1 for 840 project names).
  const rows = await db.all<{ v: string }>(
    sql`SELECT v.value AS v FROM core_box_values_search s CROSS JOIN core_box_values v ON v.id = s.rowid WHERE core_box_values_search MATCH ${phrase} AND v.field = ${field} LIMIT ${VALUES_MAX + 1}`,
  );
  if (!rows.length || rows.length > VALUES_MAX) return null;
  return rows.map((r) => String(r.v));
}

/**
 * Under an island sort, for a one-word search whose every hit has the word in its project (places are in the
 * project names: "kai" is in Kailua and Hawaii Kai, all on Oahu): the islands where a project holding the word
 * is, in no order. A walk of the island index need only seek those, where it would otherwise cross every box
 * of Hawaii to Molokai first. One seek per island and value on the island-then-project index. Null when the plan
 * does not apply, when the word is in more than ISLAND_PROBE_VALUES_MAX project names, or when a box of no known
 * island (none, or blank) holds such a project (those come first on the walk).
 */
export async function islandsWithWord(db: DbOrTx, f: Filters, walk: Walk): Promise<string[] | null> {
  if (walk.seek !== 0 || walk.keys[0] !== "island" || f.terms.length !== 1) return null;
  const values = await wordValues(db, "project", f.terms[0]!);
  if (!values || values.length > ISLAND_PROBE_VALUES_MAX) return null;
  const holds = (island: SQL) =>
    sql`EXISTS (SELECT 1 FROM core_boxes INDEXED BY core_boxes_island_project_idx WHERE island ${island} AND project COLLATE NOCASE IN p)`;
  const rows = await db.all<{ v: string | null }>(sql`
    WITH RECURSIVE p(v) AS (VALUES ${sql.join(
      values.map((v) => sql`(${v})`),
      sql`, `,
    )}),
    ${ISLANDS_CTE}
    SELECT v FROM i WHERE v IS NOT NULL AND ${holds(sql`= i.v`)}
    UNION ALL SELECT NULL WHERE ${holds(sql`IS NULL`)} OR ${holds(sql`= ''`)}`);
  if (!rows.length || rows.some((r) => r.v === null)) return null;
  return rows.map((r) => String(r.v));
}

/**
 * The column of core_box_values the walk's first free key is, when the keys before it are equalities the walk
 * seeks on (an island, on the island-then-project index): the values are then seeked right after them.
 */
function valueField(walk: Walk): string | null {
  const field = walk.keys[walk.seek]?.split(" ")[0] ?? "";
  const seeksEqualities = !walk.keys.slice(0, walk.seek).includes("storage_expiry_date");
  return VALUE_FIELDS.has(field) && seeksEqualities ? field : null;
}

/** The index's entries holding one of `values`, with the other filters checked on the index. */
function onValues(f: Filters, walk: Walk, values: string[]): SQL {
  const inValues = sql`${sql.raw(walk.keys[walk.seek]!)} IN (${boundList(values)})`;
  return sql`FROM core_boxes INDEXED BY ${sql.raw(walk.index)}${whereSql([inValues, ...filterTerms(f, { seekKeys: walk.keys.slice(0, walk.seek) })])}`;
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
