import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * The reports binder: one row per work-order record. Dates are ISO text (YYYY-MM-DD) or NULL so they sort
 * correctly; text fields are '' rather than NULL so the wire shape is always a string.
 */
export const reportsBinder = sqliteTable(
  "reports_binder",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    pdfFile: text().notNull().default(""),
    date: text(),
    workOrder: text().notNull(),
    engineerInitials: text().notNull().default(""),
    billing: text().notNull().default(""),
    dateSent: text(),
    pageLabel: text().notNull().default(""),
    createdBy: text().notNull().default(""),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
    updatedBy: text().notNull().default(""),
    updatedAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    // One index per sort, with id as the tie-breaker so pages are stable.
    index("binder_date_idx").on(t.date, t.id),
    index("binder_wo_idx").on(t.workOrder, t.id),
    index("binder_eng_idx").on(t.engineerInitials, t.id),
    index("binder_billing_idx").on(t.billing, t.id),
    index("binder_sent_idx").on(t.dateSent, t.id),
    // Covers the initials filter with the date range and "has billing", so such counts read only the index.
    // A one- or two-character search matches the start of the file name too.
    index("binder_file_idx").on(t.pdfFile),
    index("binder_eng_date_billing_idx").on(t.engineerInitials, t.date, t.billing),
  ],
);
