import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

/** A table's ids: the lowest, and how many ids lie from it to the highest. */
export interface IdRange {
  lo: number;
  span: number;
}

/** The range of `table`'s ids: one seek to each end (min and max in one SELECT would read every row). */
export async function idRange(db: DbOrTx, table: string): Promise<IdRange> {
  const t = sql.raw(table);
  const [row] = await db.all<{ lo: number | null; hi: number | null }>(
    sql`SELECT (SELECT min(id) FROM ${t}) AS lo, (SELECT max(id) FROM ${t}) AS hi`,
  );
  const lo = Number(row?.lo ?? 0);
  return { lo, span: row?.hi == null ? 0 : Number(row.hi) - lo + 1 };
}

/**
 * How many rows of the full-text table `fts` match `match`, estimated without reading them all: from how far
 * along the ids (`range`, of the table it indexes) its `probe`-th hit lies. Reads `probe` index entries (FTS5
 * walks a MATCH in rowid order). Null when fewer than `probe` rows match: they are few, and cheap to count.
 */
export async function estimateHits(
  db: DbOrTx,
  fts: string,
  match: string,
  range: IdRange,
  probe: number,
): Promise<number | null> {
  return (await estimateHitsMany(db, fts, [match], range, probe))[0]!;
}

/** estimateHits for several MATCH expressions in one statement (one round trip to a libSQL server). */
export async function estimateHitsMany(
  db: DbOrTx,
  fts: string,
  matches: string[],
  range: IdRange,
  probe: number,
): Promise<(number | null)[]> {
  if (!matches.length) return [];
  const t = sql.raw(fts);
  const probes = matches.map(
    (m, i) =>
      sql`(SELECT rowid FROM ${t} WHERE ${t} MATCH ${m} ORDER BY rowid LIMIT 1 OFFSET ${probe - 1}) AS ${sql.raw(`h${i}`)}`,
  );
  const [row] = await db.all<Record<string, number | null>>(sql`SELECT ${sql.join(probes, sql`, `)}`);
  return matches.map((_, i) => {
    const id = row?.[`h${i}`];
    return id == null ? null : (probe * range.span) / (Number(id) - range.lo + 1);
  });
}
