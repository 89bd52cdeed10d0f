import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Kinds of records that keep a change history. Part 4 adds "binder_row" here and nothing else. */
export const HISTORY_KINDS = ["core_box", "reports_binder"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export const CHANGE_ACTIONS = ["create", "update", "delete", "restore", "import"] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/**
 * One row per change to a tracked record, with the full record before and after. A delete record is the only
 * copy of a removed record; `restored_at` is set exactly once when it is restored (a conditional UPDATE).
 */
export const changeRecords = sqliteTable(
  "change_records",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    kind: text({ enum: HISTORY_KINDS }).notNull(),
    entityId: integer().notNull(),
    action: text({ enum: CHANGE_ACTIONS }).notNull(),
    /** The record's work order at the time (what the history drawer lists). */
    workOrder: text().notNull().default(""),
    user: text().notNull(),
    ts: integer({ mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`),
    before: text({ mode: "json" }).$type<Record<string, unknown>>(),
    after: text({ mode: "json" }).$type<Record<string, unknown>>(),
    /** Changes written by one action (for example "mark dumped & remove") share a batch id. */
    batchId: text(),
    restoredAt: integer({ mode: "timestamp_ms" }),
    restoredBy: text(),
    /** The restore change this delete was undone by. */
    restoredByChangeId: integer(),
  },
  (t) => [
    index("change_records_kind_id_idx").on(t.kind, t.id),
    index("change_records_kind_entity_idx").on(t.kind, t.entityId, t.id),
    // A work order's page: the changes written under its number, removed records included.
    index("change_records_work_order_idx").on(t.workOrder, t.id),
  ],
);
