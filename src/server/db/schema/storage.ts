import { STORAGE_ACTIONS } from "@shared/storage";
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Every upload, move and delete in the object store: the "Upload & Index History" drawer reads it newest first. */
export const storageEvents = sqliteTable(
  "storage_events",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    ts: integer({ mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`),
    /** Top folder of the key (the database name); "" for a file at the root. */
    db: text().notNull(),
    /** The object's key after the action (a move records its new key). */
    key: text().notNull(),
    action: text({ enum: STORAGE_ACTIONS }).notNull(),
    /** Email of the signed-in user who did it (never a client-supplied name). */
    actor: text().notNull(),
    /** For a move: the key it came from. */
    fromKey: text(),
    size: integer(),
  },
  (t) => [
    index("storage_events_ts_idx").on(t.ts, t.id),
    index("storage_events_db_ts_idx").on(t.db, t.ts, t.id),
  ],
);
