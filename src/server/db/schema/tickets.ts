import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from "@shared/tickets";
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * IT support tickets (the spec keeps them in the browser; here they live on the server so staff and IT share
 * them). The requester is the signed-in person who raised the ticket; their name is kept as it was then.
 * Each list filter and sort has an index that starts with the filter and ends with the sort.
 */
export const tickets = sqliteTable(
  "tickets",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    title: text().notNull(),
    description: text().notNull(),
    type: text({ enum: TICKET_TYPES }).notNull(),
    priority: text({ enum: TICKET_PRIORITIES }).notNull(),
    status: text({ enum: TICKET_STATUSES }).notNull().default("open"),
    /** Lower-cased email of the person who raised it. */
    requester: text().notNull(),
    requesterName: text().notNull().default(""),
    /** Lower-cased email of the Admin/Owner working on it. */
    assignee: text(),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
    updatedAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
    /** When it last became resolved or closed (null while unresolved): the dashboard's open-tickets trend. */
    closedAt: integer({ mode: "timestamp_ms" }),
    /** urgent 0 … low 3: "priority" sort, indexable (a CASE in ORDER BY is not). */
    priorityRank: integer().generatedAlwaysAs(
      sql`case "priority" when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`,
      { mode: "virtual" },
    ),
  },
  (t) => [
    index("tickets_created_idx").on(t.createdAt),
    index("tickets_updated_idx").on(t.updatedAt),
    index("tickets_rank_created_idx").on(t.priorityRank, t.createdAt),
    index("tickets_status_created_idx").on(t.status, t.createdAt),
    index("tickets_status_updated_idx").on(t.status, t.updatedAt),
    index("tickets_status_rank_created_idx").on(t.status, t.priorityRank, t.createdAt),
    index("tickets_type_created_idx").on(t.type, t.createdAt),
    index("tickets_priority_created_idx").on(t.priority, t.createdAt),
    index("tickets_requester_created_idx").on(t.requester, t.createdAt),
    index("tickets_requester_status_idx").on(t.requester, t.status),
    index("tickets_closed_idx").on(t.closedAt),
  ],
);

export const ticketComments = sqliteTable(
  "ticket_comments",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    author: text().notNull(),
    authorName: text().notNull().default(""),
    text: text().notNull(),
    createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("ticket_comments_ticket_idx").on(t.ticketId, t.createdAt)],
);
