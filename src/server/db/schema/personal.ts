import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const PINNED_LISTS = ["favorite", "recent", "work_order"] as const;

/**
 * A person's own page lists, kept on the server so they follow the person to any browser: favorites, recently
 * used pages, and recently opened work orders (a list of its own, so screens visited in between never push a
 * work order out of the Work Orders screen's list).
 */
export const pinnedPages = sqliteTable(
  "pinned_pages",
  {
    /** Lower-cased email of the person. */
    owner: text().notNull(),
    list: text({ enum: PINNED_LISTS }).notNull(),
    path: text().notNull(),
    name: text().notNull(),
    parent: text().notNull().default(""),
    at: integer({ mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.owner, t.list, t.path] }),
    index("pinned_pages_owner_at_idx").on(t.owner, t.list, t.at),
  ],
);

/**
 * Notices for one person (a ticket reply, an indexing job finished, boxes about to expire). Rows are written in
 * the transaction of the event that causes them; every instance reads new rows by id, so a notice raised on one
 * instance reaches a browser connected to another. `dedupeKey` makes a notice that must exist once (the daily
 * expiry list) exist once even when two instances raise it at the same moment.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Lower-cased email of the person notified. */
    recipient: text().notNull(),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(""),
    /** The in-portal path the notice opens. */
    link: text().notNull().default("/"),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
    readAt: integer({ mode: "timestamp_ms" }),
    /** Set once the notice went out by e-mail (only with SMTP_URL). */
    emailedAt: integer({ mode: "timestamp_ms" }),
    dedupeKey: text(),
  },
  (t) => [
    index("notifications_recipient_idx").on(t.recipient, t.id),
    index("notifications_unread_idx").on(t.recipient, t.readAt),
    uniqueIndex("notifications_dedupe_idx").on(t.recipient, t.dedupeKey),
  ],
);
