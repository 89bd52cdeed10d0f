import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from "@shared/tickets";
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * IT support tickets (the spec keeps them in the browser; here they live on the server so staff and IT share
 * them). The requester is the signed-in person who raised the ticket; their name is kept as it was then.
 * Search goes through the FTS5 table `tickets_fts` (migration 0003, kept in step by triggers): drizzle-kit cannot
 * express virtual tables, so that one migration is custom SQL.
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
    /**
     * urgent 0 … low 3 while unresolved, 4 … 7 once resolved or closed: "Most urgent first" puts finished
     * tickets last; indexable (a CASE in ORDER BY is not).
     */
    priorityRank: integer().generatedAlwaysAs(
      sql`(case "priority" when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end) + (case when "status" in ('resolved', 'closed') then 4 else 0 end)`,
      { mode: "virtual" },
    ),
  },
  (t) => [
    // "Newest first" is id order (tickets are numbered as they are raised), which every index below carries
    // implicitly after its columns; so a filter's index also serves that sort, and so does the search index.
    index("tickets_updated_idx").on(t.updatedAt),
    index("tickets_rank_idx").on(t.priorityRank),
    index("tickets_status_idx").on(t.status),
    index("tickets_status_updated_idx").on(t.status, t.updatedAt),
    index("tickets_status_rank_idx").on(t.status, t.priorityRank),
    // Every combination of the status / type / priority filters is a prefix of one of these, so the page's
    // total is counted from an index alone.
    index("tickets_status_type_priority_idx").on(t.status, t.type, t.priority),
    index("tickets_type_priority_idx").on(t.type, t.priority),
    index("tickets_priority_status_idx").on(t.priority, t.status),
    // A User's own tickets, and 'My Tickets'.
    index("tickets_requester_status_idx").on(t.requester, t.status),
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
