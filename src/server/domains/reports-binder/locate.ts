/**
 * Where a binder row is in a list as the screen shows it: which page, or none when the filters leave it out. The
 * screen asks after a save, so a row sorted or filtered off the page can be said to be elsewhere, and shown.
 */
import type { BinderPlace, binderLocateInput } from "@shared/reports-binder";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { notFound } from "../../lib/errors";
import { whereSql } from "../../lib/list-engine";
import { binderQuery, SORT_COLUMN } from "./queries";

type LocateInput = z.infer<typeof binderLocateInput>;
type SortValue = string | number | null;

/**
 * The rows listed before the row (`value`, `id`) in ORDER BY column, id (both `dir`), as SQLite orders them:
 * NULL before every value ascending, after every value descending.
 */
function before(column: string, value: SortValue, id: number, dir: "asc" | "desc"): SQL {
  const c = sql.raw(column);
  if (dir === "asc")
    return value === null
      ? sql`(${c} IS NULL AND id < ${id})`
      : sql`(${c} IS NULL OR ${c} < ${value} OR (${c} = ${value} AND id < ${id}))`;
  return value === null
    ? sql`(${c} IS NOT NULL OR id > ${id})`
    : sql`(${c} > ${value} OR (${c} = ${value} AND id > ${id}))`;
}

export async function locateBinderRow(db: DbOrTx, { id, list }: LocateInput): Promise<BinderPlace> {
  const column = SORT_COLUMN[list.sort_by];
  const [row] = await db.all<{ v: SortValue }>(
    sql`SELECT ${sql.raw(column)} AS v FROM reports_binder WHERE id = ${id}`,
  );
  if (!row) throw notFound(`Binder row ${id} was not found. It may have been removed.`);
  // The list's own filters: full-text hits and their checks for a long search, else the plain terms.
  const q = binderQuery(list);
  const from = q.hits ? sql`(${q.hits.ids}) AS h JOIN reports_binder ON id = h.rowid` : sql`reports_binder`;
  const terms = q.hits ? q.hits.where : [...q.seek, ...q.where];
  const count = async (term: SQL) =>
    Number(
      (await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${from}${whereSql([...terms, term])}`))[0]
        ?.n ?? 0,
    );
  if ((await count(sql`id = ${id}`)) === 0) return { page: null };
  const ahead = await count(before(column, row.v, id, list.sort_dir));
  return { page: Math.floor(ahead / list.page_size) + 1 };
}
