import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Who did what to what, with before/after in `details`. Later parts write to it through lib/audit.ts. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    ts: integer({ mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`),
    actor: text().notNull(),
    action: text().notNull(),
    target: text().notNull().default(""),
    details: text({ mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_ts_idx").on(t.ts),
    index("audit_actor_ts_idx").on(t.actor, t.ts),
    index("audit_action_ts_idx").on(t.action, t.ts),
  ],
);
