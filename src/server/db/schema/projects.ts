import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const PROJECT_SOURCES = ["demo", "import"] as const;

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * The firm's project register ("pr data" in the spec), read by Work Order Recognition. `wo_key` is the work order
 * upper-cased with spaces and W.O. labels removed and a trailing letter in parentheses, so 1234-56a, 1234-56A and
 * 1234-56(A) share one key; its unique index serves exact and case-insensitive prefix lookups as range scans.
 */
export const projects = sqliteTable(
  "projects",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** As written in the register. */
    workOrder: text().notNull(),
    woKey: text().notNull(),
    client: text().notNull().default(""),
    project: text().notNull().default(""),
    pr: text().notNull().default(""),
    /** YYYY-MM-DD, or "" when unknown (text so it sorts and compares as a date). */
    date: text().notNull().default(""),
    principalEngineer: text().notNull().default(""),
    invoiceNumber: text().notNull().default(""),
    finalReportDate: text().notNull().default(""),
    source: text({ enum: PROJECT_SOURCES }).notNull().default("import"),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
    updatedAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [uniqueIndex("projects_wo_key_uq").on(t.woKey), index("projects_source_idx").on(t.source)],
);
