import { COMPLETE_VALUES, DISPOSITIONS } from "@shared/core-boxes";
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * Boxes in storage. A removed box leaves this table; its full copy lives in change_records (restorable).
 * Dates are ISO calendar dates (YYYY-MM-DD) so they sort and compare as text.
 *
 * Every sort has its own index, and each carries the filter columns after the sort key: walking a sort index
 * page by page then checks the filters inside the index without touching the table (lib/list-engine.ts).
 */
export const coreBoxes = sqliteTable(
  "core_boxes",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    workOrder: text().notNull(),
    project: text().notNull().default(""),
    engineer: text().notNull().default(""),
    reportSubmissionDate: text(),
    storageExpiryDate: text(),
    complete: text({ enum: COMPLETE_VALUES }).notNull().default("No"),
    keepOrDump: text({ enum: DISPOSITIONS }).notNull().default("Keep"),
    island: text(),
    year: integer(),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
    createdBy: text().notNull(),
    updatedAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
    updatedBy: text().notNull(),
    /** Written with the row (domains/core-boxes/search-words.ts): a sort walk checks a search on it. */
    searchWords: text().notNull().default(""),
  },
  (t) => {
    const filters = [t.island, t.year, t.complete, t.keepOrDump, t.storageExpiryDate] as const;
    return [
      // Unique among boxes in storage (removed boxes are not in this table).
      uniqueIndex("core_boxes_work_order_uq").on(t.workOrder),
      index("core_boxes_sort_work_order_idx").on(t.workOrder, ...filters),
      index("core_boxes_sort_project_idx").on(sql`${t.project} collate nocase`, ...filters),
      index("core_boxes_sort_engineer_idx").on(sql`${t.engineer} collate nocase`, ...filters),
      index("core_boxes_sort_submitted_idx").on(t.reportSubmissionDate, ...filters),
      index("core_boxes_sort_expiry_idx").on(t.storageExpiryDate, t.island, t.year, t.complete, t.keepOrDump),
      index("core_boxes_sort_year_idx").on(
        t.year,
        t.reportSubmissionDate,
        t.island,
        t.complete,
        t.keepOrDump,
        t.storageExpiryDate,
      ),
      // Few distinct values: the newest submission first within each, then the filter columns.
      index("core_boxes_sort_island_idx").on(
        t.island,
        t.reportSubmissionDate,
        t.year,
        t.complete,
        t.keepOrDump,
        t.storageExpiryDate,
      ),
      index("core_boxes_sort_complete_idx").on(
        t.complete,
        t.reportSubmissionDate,
        t.island,
        t.year,
        t.keepOrDump,
        t.storageExpiryDate,
      ),
      index("core_boxes_sort_disposition_idx").on(
        t.keepOrDump,
        t.reportSubmissionDate,
        t.island,
        t.year,
        t.complete,
        t.storageExpiryDate,
      ),
    ];
  },
);

/**
 * Live box counts per (island, year, complete, disposition, expiry month), kept exact by triggers
 * (db/extras.ts). Totals without search text (the expired flag too: whole months before this one, plus this
 * month's days from the index), the Year and Island lists and the dashboard KPI read this table of a few
 * thousand rows instead of counting 200,000. Unknown island, expiry month are '' and unknown year 0 (NULLs
 * would not conflict in the key).
 */
export const coreBoxCounts = sqliteTable(
  "core_box_counts",
  {
    island: text().notNull(),
    year: integer().notNull(),
    complete: text({ enum: COMPLETE_VALUES }).notNull(),
    keepOrDump: text({ enum: DISPOSITIONS }).notNull(),
    /** YYYY-MM of the storage expiry date. */
    expiryMonth: text().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.island, t.year, t.complete, t.keepOrDump, t.expiryMonth] }),
    index("core_box_counts_year_idx").on(t.year),
  ],
);
