import type { Page } from "@shared/common";
import type { BinderRow, binderListInput } from "@shared/reports-binder";
import { and, asc, desc, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { reportsBinder as rb } from "../../db/schema";
import { offsetOf } from "../../lib/sql";
import { binderTrigramSample, pickRareTrigram } from "./rare-trigram";

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

const SORT_COLUMN = {
  date: rb.date,
  work_order: rb.workOrder,
  engineer_initials: rb.engineerInitials,
  billing: rb.billing,
  date_sent: rb.dateSent,
} as const;

/** `column` starts with `text`, as an index range (LIKE 'x%' cannot use a binary-collated index). */
function startsWith(column: SQLiteColumn | SQL, text: string): SQL {
  const upper = text.slice(0, -1) + String.fromCodePoint(text.codePointAt(text.length - 1)! + 1);
  return sql`(${column} >= ${text} and ${column} < ${upper})`;
}

/**
 * Wraps a column as `+column` when `broad`: SQLite then cannot use that column's index for the filter and walks
 * the sort column's index instead, stopping after one page. For a filter that keeps thousands of rows this is
 * far cheaper than collecting and sorting them all; for a selective filter the filter's own index is better.
 */
type Hint = (column: SQLiteColumn) => SQLiteColumn | SQL;
const plain: Hint = (column) => column;
/** Every filter column except the sort column (whose index the page is read along). */
const unindexedExcept =
  (sortColumn: SQLiteColumn): Hint =>
  (column) =>
    column === sortColumn ? column : sql`+${column}`;

/** Every filter except the free text. */
function filterWhere(input: ListInput, c: Hint): SQL | undefined {
  return and(
    // Exact or prefix: a prefix range includes the exact value.
    input.wo ? startsWith(c(rb.workOrder), input.wo) : undefined,
    // Initials match from the start (GS finds GS and GS:AT), so the filter is an index range.
    input.eng ? startsWith(c(rb.engineerInitials), input.eng) : undefined,
    input.billing_only ? sql`${c(rb.billing)} <> ''` : undefined,
    input.date_from ? sql`${c(rb.date)} >= ${input.date_from}` : undefined,
    input.date_to ? sql`${c(rb.date)} <= ${input.date_to}` : undefined,
  );
}

/**
 * How the free text is searched, decided once per request:
 * - one or two characters are too short for trigrams: they match the start of the work order, initials, billing
 *   or file name — a union of four index ranges, each carrying the other filters so that covering indexes answer
 *   them (an OR would be checked row by row once other filters are involved);
 * - longer text is a trigram phrase, or its rarest trigram plus an exact check of the candidates (rare-trigram.ts).
 */
export type SearchPlan =
  | { kind: "none" }
  /** `ranges`: the prefix ranges that hold at least one row (most short searches hit one column only). */
  | { kind: "prefix"; ranges: PrefixRange[] }
  | { kind: "phrase"; q: string }
  | { kind: "rare"; q: string; trigram: string };

type PrefixRange = { column: SQLiteColumn; text: string };

export async function planSearch(db: DbOrTx, q: string): Promise<SearchPlan> {
  if (!q) return { kind: "none" };
  if ([...q].length < 3) {
    const upper = q.toUpperCase();
    const all: PrefixRange[] = [
      { column: rb.workOrder, text: upper },
      { column: rb.engineerInitials, text: upper },
      { column: rb.billing, text: q },
      // File names keep their case: every case spelling of the one or two characters ("gs", "Gs", "gS", "GS").
      ...caseSpellings(q).map((text) => ({ column: rb.pdfFile, text })),
    ];
    // One index seek each: which columns have any row starting with the text at all.
    const probes = sql.join(
      all.map((r) => sql`exists(select 1 from reports_binder where ${startsWith(r.column, r.text)})`),
      sql`, `,
    );
    const [hits] = await db.values<number[]>(sql`select ${probes}`);
    return { kind: "prefix", ranges: all.filter((_, i) => hits?.[i]) };
  }
  const trigram = pickRareTrigram(q, await binderTrigramSample(db));
  return trigram ? { kind: "rare", q, trigram } : { kind: "phrase", q };
}

function caseSpellings(q: string): string[] {
  let out = [""];
  for (const ch of q) {
    const forms = [...new Set([ch.toLowerCase(), ch.toUpperCase()])];
    out = out.flatMap((head) => forms.map((f) => head + f));
  }
  return out;
}

const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The rows of any range, each branch carrying the other filters so covering indexes can answer it. */
function prefixUnion(ranges: PrefixRange[], others: SQL | undefined): SQL {
  const branch = (r: PrefixRange) =>
    sql`select id from reports_binder where ${and(startsWith(r.column, r.text), others)}`;
  return sql.join(ranges.map(branch), sql` union `);
}

function searchCondition(plan: SearchPlan, input: ListInput, c: Hint): SQL | undefined {
  switch (plan.kind) {
    case "none":
      return undefined;
    case "prefix": {
      const [only] = plan.ranges;
      if (!only) return sql`0`;
      if (plan.ranges.length === 1) return startsWith(c(only.column), only.text);
      // Read along the sort index (broad): an OR checked on each row stops after one page. Otherwise the union.
      if (c !== plain)
        return sql`(${sql.join(
          plan.ranges.map((r) => startsWith(c(r.column), r.text)),
          sql` or `,
        )})`;
      return sql`${rb.id} in (${prefixUnion(plan.ranges, filterWhere(input, plain))})`;
    }
    case "phrase":
      return sql`${c(rb.id)} in (select rowid from reports_binder_fts where reports_binder_fts match ${ftsPhrase(plan.q)})`;
    case "rare": {
      const needle = plan.q.toLowerCase();
      const cols = [rb.pdfFile, rb.workOrder, rb.engineerInitials, rb.billing];
      const exact = sql.join(
        cols.map((col) => sql`instr(lower(${col}), ${needle}) > 0`),
        sql` or `,
      );
      return sql`${c(rb.id)} in (select rowid from reports_binder_fts where reports_binder_fts match ${ftsPhrase(plan.trigram)}) and (${exact})`;
    }
  }
}

export function binderWhere(input: ListInput, plan: SearchPlan, c: Hint = plain): SQL | undefined {
  return and(searchCondition(plan, input, c), filterWhere(input, c));
}

export function binderOrder(input: ListInput) {
  const dir = input.sort_dir === "asc" ? asc : desc;
  return [dir(SORT_COLUMN[input.sort_by]), dir(rb.id)];
}

/** Above this many matches, a page is read along the sort index rather than through the filter's index. */
const BROAD = 2000;

/** One page of binder rows, filtered, sorted and paged in SQL. The count comes first and picks the plan. */
export async function listBinder(db: DbOrTx, input: ListInput): Promise<Page<BinderRow>> {
  const plan = await planSearch(db, input.q);
  const total = await countBinder(db, input, plan);
  const hint = total > BROAD ? unindexedExcept(SORT_COLUMN[input.sort_by]) : plain;
  const rows = await db
    .select()
    .from(rb)
    .where(binderWhere(input, plan, hint))
    .orderBy(...binderOrder(input))
    .limit(input.page_size)
    .offset(offsetOf(input.page, input.page_size));
  return { rows: rows.map(toBinderRow), total };
}

/**
 * The number of matching rows, read from indexes wherever possible:
 * - a short search over several columns counts its union (whose branches carry every filter, so covering
 *   indexes answer them); over one column it is just another range;
 * - "Has billing" alone keeps most rows, so count the rest instead: all rows minus those without billing (a
 *   short range of the billing index);
 * - "Has billing" with other filters is checked on the rows those filters select (`+billing`: the billing index
 *   would select most of the table).
 */
async function countBinder(db: DbOrTx, input: ListInput, plan: SearchPlan): Promise<number> {
  const one = async (query: SQL) => (await db.get<{ n: number }>(query))?.n ?? 0;
  if (plan.kind === "prefix" && plan.ranges.length > 1)
    return one(sql`select count(*) as n from (${prefixUnion(plan.ranges, filterWhere(input, plain))})`);
  if (!input.billing_only)
    return one(sql`select count(*) as n from reports_binder where ${binderWhere(input, plan) ?? sql`1`}`);
  const others = binderWhere({ ...input, billing_only: false }, plan);
  if (!others) {
    const all = await one(sql`select count(*) as n from reports_binder`);
    return all - (await one(sql`select count(*) as n from reports_binder where ${rb.billing} = ''`));
  }
  return one(sql`select count(*) as n from reports_binder where ${others} and +${rb.billing} <> ''`);
}
