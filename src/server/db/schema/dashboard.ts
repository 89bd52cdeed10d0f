import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Counts of activity per quarter hour, kept exact by triggers (db/extras-dashboard.ts): answers given, and the
 * net change in boxes in storage. The dashboard's seven-day trends read at most 672 of these rows per metric
 * instead of every answer and change record of the week, which under load were most of its cost. A quarter
 * hour because every time zone's midnight falls on one, so each row belongs to exactly one local day.
 */
export const activityCounts = sqliteTable(
  "activity_counts",
  {
    metric: text({ enum: ["ai_answers", "core_boxes_net"] }).notNull(),
    /** Quarter hours since the epoch: ts / 900000. */
    quarter: integer().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.quarter] })],
);
