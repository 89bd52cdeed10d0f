import type { Page } from "@shared/common";
import type { BinderRow, binderListInput } from "@shared/reports-binder";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { reportsBinder as rb } from "../../db/schema";
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
 * Full-text (trigram) substring match for q of 3+ characters. One or two characters are too short for trigrams:
 * they match the start of the work order, initials, billing or file name, each an index range.
 */
function searchCondition(q: string, c: Hint): SQL | undefined {
  if (!q) return undefined;
  if ([...q].length < 3) {
    const upper = q.toUpperCase();
    // A union of four index ranges (an OR would be checked row by row once other filters are involved).
    const ids = sql.join(
      [
        sql`select id from reports_binder where ${startsWith(rb.workOrder, upper)}`,
        sql`select id from reports_binder where ${startsWith(rb.engineerInitials, upper)}`,
        sql`select id from reports_binder where ${startsWith(rb.billing, q)}`,
        sql`select id from reports_binder where ${startsWith(rb.pdfFile, q)}`,
      ],
      sql` union `,
    );
    return sql`${c(rb.id)} in (${ids})`;
  }
  const phrase = `"${q.replace(/"/g, '""')}"`;
  return sql`${c(rb.id)} in (select rowid from reports_binder_fts where reports_binder_fts match ${phrase})`;
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

export function binderWhere(input: ListInput, c: Hint = plain): SQL | undefined {
  return and(
    searchCondition(input.q, c),
    // Exact or prefix: a prefix range includes the exact value.
    input.wo ? startsWith(c(rb.workOrder), input.wo) : undefined,
    // Initials match from the start (GS finds GS and GS:AT), so the filter is an index range.
    input.eng ? startsWith(c(rb.engineerInitials), input.eng) : undefined,
    input.billing_only ? sql`${c(rb.billing)} <> ''` : undefined,
    input.date_from ? sql`${c(rb.date)} >= ${input.date_from}` : undefined,
    input.date_to ? sql`${c(rb.date)} <= ${input.date_to}` : undefined,
  );
}

export function binderOrder(input: ListInput) {
  const dir = input.sort_dir === "asc" ? asc : desc;
  return [dir(SORT_COLUMN[input.sort_by]), dir(rb.id)];
}

/** Above this many matches, a page is read along the sort index rather than through the filter's index. */
const BROAD = 2000;

/** One page of binder rows, filtered, sorted and paged in SQL. The count comes first and picks the plan. */
export async function listBinder(db: DbOrTx, input: ListInput): Promise<Page<BinderRow>> {
  const total = await countBinder(db, input);
  const hint = total > BROAD ? unindexedExcept(SORT_COLUMN[input.sort_by]) : plain;
  const rows = await db
    .select()
    .from(rb)
    .where(binderWhere(input, hint))
    .orderBy(...binderOrder(input))
    .limit(input.page_size)
    .offset(offsetOf(input.page, input.page_size));
  return { rows: rows.map(toBinderRow), total };
}

/**
 * "Has billing" keeps most rows, so counting them reads most of the table. Count the rest instead: rows
 * matching the other filters minus those among them without billing (a short range of the billing index).
 */
async function countBinder(db: DbOrTx, input: ListInput): Promise<number> {
  if (!input.billing_only) {
    const [row] = await db.select({ n: count() }).from(rb).where(binderWhere(input));
    return row?.n ?? 0;
  }
  const others = binderWhere({ ...input, billing_only: false });
  const [[all], [unbilled]] = await Promise.all([
    db.select({ n: count() }).from(rb).where(others),
    db
      .select({ n: count() })
      .from(rb)
      .where(and(others, eq(rb.billing, ""))),
  ]);
  return (all?.n ?? 0) - (unbilled?.n ?? 0);
}
