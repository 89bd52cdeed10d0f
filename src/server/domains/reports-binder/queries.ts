/**
 * The binder list on the shared list engine (lib/list-engine.ts). The binder has no count summary: a total is
 * counted up to the cap (the whole binder from SQLite's b-tree count). Each sort has an index on its column and
 * id, so a walk seeks the filters on the sorted column and checks the others on the rows it reads.
 *
 * Search text (2 characters at least) matches the file name, work order, initials or billing: two characters
 * match the start of one of them (an index range each); longer text matches anywhere in them, ignoring the case
 * of ASCII letters, found through the trigram full-text index.
 */

import type { ListPage } from "@shared/list-total";
import type { BinderRow, BinderSort, binderListInput } from "@shared/reports-binder";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { reportsBinder as rb } from "../../db/schema";
import { idRange } from "../../lib/fts-estimate";
import {
  candidateText,
  countUpTo,
  type ListQuery,
  pageIds,
  type Total,
  whereSql,
} from "../../lib/list-engine";
import { offsetOf } from "../../lib/sql";

type ListInput = z.infer<typeof binderListInput>;
type Row = typeof rb.$inferSelect;

export function toBinderRow(r: Row): BinderRow {
  return {
    id: r.id,
    pdf_file: r.pdfFile,
    date: r.date ?? "",
    work_order: r.workOrder,
    engineer_initials: r.engineerInitials,
    billing: r.billing,
    date_sent: r.dateSent ?? "",
    page_label: r.pageLabel,
  };
}

export const SORT_COLUMN: Record<BinderSort, string> = {
  date: "date",
  work_order: "work_order",
  engineer_initials: "engineer_initials",
  billing: "billing",
  date_sent: "date_sent",
};
const SEARCHED = ["pdf_file", "work_order", "engineer_initials", "billing"];

/** A filter term: the columns it reads, and its SQL with each column written by `col` (plain, or `+col`). */
interface Term {
  columns: string[];
  sql(col: (name: string) => SQL): SQL;
}

/** `column` starts with `text`, as an index range (LIKE 'x%' cannot use a binary-collated index). */
function startsWith(column: SQL, text: string): SQL {
  const upper = text.slice(0, -1) + String.fromCodePoint(text.codePointAt(text.length - 1)! + 1);
  return sql`(${column} >= ${text} AND ${column} < ${upper})`;
}
const prefix = (column: string, text: string): Term => ({
  columns: [column],
  sql: (col) => startsWith(col(column), text),
});
const compare = (column: string, op: string, value: string): Term => ({
  columns: [column],
  sql: (col) => sql`${col(column)} ${sql.raw(op)} ${value}`,
});

/** "gs" → gs, gS, Gs, GS: file names keep their case, and a range matches one spelling. */
function caseSpellings(q: string): string[] {
  let out = [""];
  for (const ch of q) {
    const forms = [...new Set([ch.toLowerCase(), ch.toUpperCase()])];
    out = out.flatMap((head) => forms.map((f) => head + f));
  }
  return out;
}

/** The search text as a term: a prefix of a searched column (2 characters), or a part of one (longer text). */
function searchTerm(q: string): Term {
  if ([...q].length < 3) {
    const upper = q.toUpperCase();
    const ranges: [string, string][] = [
      ["work_order", upper],
      ["engineer_initials", upper],
      ["billing", q],
      ...caseSpellings(q).map((text): [string, string] => ["pdf_file", text]),
    ];
    return {
      columns: SEARCHED,
      sql: (col) =>
        sql`(${sql.join(
          ranges.map(([c, text]) => startsWith(col(c), text)),
          sql` OR `,
        )})`,
    };
  }
  // SQL's lower() folds ASCII letters only: the same on both sides, so a walk and a fetch agree.
  return {
    columns: SEARCHED,
    sql: (col) =>
      sql`(${sql.join(
        SEARCHED.map((c) => sql`instr(lower(${col(c)}), lower(${q})) > 0`),
        sql` OR `,
      )})`,
  };
}

/** Every filter of the input as terms (the search text last). */
function binderTerms(input: ListInput): Term[] {
  const terms: Term[] = [];
  // Exact or prefix: a prefix range includes the exact value. Initials too: GS finds GS and GS:AT.
  if (input.wo) terms.push(prefix("work_order", input.wo));
  if (input.eng) terms.push(prefix("engineer_initials", input.eng));
  if (input.billing_only) terms.push(compare("billing", "<>", ""));
  if (input.date_from) terms.push(compare("date", ">=", input.date_from));
  if (input.date_to) terms.push(compare("date", "<=", input.date_to));
  if (input.q) terms.push(searchTerm(input.q));
  return terms;
}

const plain = (name: string) => sql.raw(name);
const checked = (name: string) => sql.raw(`+${name}`);

/**
 * Candidates for text of 3 characters or more: the trigram index holds every three characters of a row, so the
 * rows holding `part` (the text, or one of its trigrams) include every row holding the text; the search term then
 * checks the whole text on them.
 */
const trigramHits = (q: string, part = q) =>
  [...q].length < 3
    ? undefined
    : sql`SELECT rowid FROM reports_binder_fts WHERE reports_binder_fts MATCH ${`"${part.replace(/"/g, '""')}"`}`;

/** The list as the engine reads it; `candidates`: the text whose trigram hits a fetch starts from. */
export function binderQuery(input: ListInput, candidates = input.q): ListQuery {
  const sortColumn = SORT_COLUMN[input.sort_by];
  const terms = binderTerms(input);
  const onSort = (t: Term) => t.columns.length === 1 && t.columns[0] === sortColumn;
  const ids = trigramHits(input.q, candidates);
  return {
    table: "reports_binder",
    keys: [sortColumn, "id"],
    dir: input.sort_dir,
    seek: terms.filter(onSort).map((t) => t.sql(plain)),
    where: terms.filter((t) => !onSort(t)).map((t) => t.sql(plain)),
    columns: [...new Set(terms.filter((t) => !onSort(t)).flatMap((t) => t.columns))],
    hits: ids && { ids, where: terms.map((t) => t.sql(checked)) },
  };
}

const rowCount = async (db: DbOrTx) =>
  Number((await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM reports_binder`))[0]?.n ?? 0);

/** Matching rows up to the cap; the whole binder exactly, from SQLite's b-tree count (no row is read). */
async function countBinder(db: DbOrTx, q: ListQuery): Promise<Total> {
  // Rows joined to the hits as they come (not `id IN (…)`, which reads every hit first), so the cap stops it.
  if (q.hits)
    return countUpTo(
      db,
      sql`(${q.hits.ids}) AS h JOIN reports_binder ON id = h.rowid${whereSql(q.hits.where)}`,
    );
  const terms = [...q.seek, ...q.where];
  if (terms.length) return countUpTo(db, sql`reports_binder${whereSql(terms)}`);
  return { total: await rowCount(db), capped: false };
}

/** One page of binder rows, filtered, sorted and paged in SQL. */
export async function listBinder(db: DbOrTx, input: ListInput): Promise<ListPage<BinderRow>> {
  // The ids' range serves twice: how many rows a walk may pass, and where a trigram's hits start.
  const range = await idRange(db, "reports_binder");
  const q = binderQuery(
    input,
    [...input.q].length >= 3 ? await candidateText(db, "reports_binder_fts", input.q, range) : input.q,
  );
  const counted = await countBinder(db, q);
  const page = { offset: offsetOf(input.page, input.page_size), limit: input.page_size };
  const ids = await pageIds(db, q, page, { ...counted, scanned: range.span });
  const rows = ids.length ? await db.select().from(rb).where(inArray(rb.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, toBinderRow(r)]));
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    total: counted.total,
    total_capped: counted.capped,
  };
}
