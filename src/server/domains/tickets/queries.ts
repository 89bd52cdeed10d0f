import type { Page } from "@shared/common";
import type {
  Assignee,
  Ticket,
  TicketComment,
  TicketCounts,
  TicketListInput,
  TicketSummary,
} from "@shared/tickets";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { ticketComments, tickets, users } from "../../db/schema";
import { offsetOf } from "../../lib/sql";

type TicketRow = typeof tickets.$inferSelect;

/** The names of the people a page of tickets is assigned to, by email (one read for the page). */
async function assigneeNames(db: DbOrTx, rows: readonly TicketRow[]): Promise<Map<string, string>> {
  const emails = [...new Set(rows.flatMap((r) => (r.assignee ? [r.assignee] : [])))];
  if (!emails.length) return new Map();
  const found = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.email, emails));
  return new Map(found.filter((u) => u.name.trim()).map((u) => [u.email, u.name]));
}

export function toSummary(row: TicketRow, commentCount: number, names: Map<string, string>): TicketSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    priority: row.priority,
    status: row.status,
    requester: row.requester,
    requesterName: row.requesterName,
    assignee: row.assignee,
    // Shown as people are shown everywhere on IT Tickets: the name, the email only when there is none.
    assigneeName: row.assignee ? (names.get(row.assignee) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    commentCount,
  };
}

/** Users see the tickets they raised; Admins and Owners see all. The same rule as canSeeTicket, in SQL. */
/**
 * Whose tickets a read covers, as the service's rule decided (service.ts, ticketScope): one requester's
 * (`only`, a lower-cased email) or everyone's (null); `me` is the caller, for "mine".
 */
export interface TicketScope {
  only: string | null;
  me: string;
}
export const scopeWhere = (s: TicketScope): SQL | undefined =>
  s.only ? eq(tickets.requester, s.only) : undefined;

/**
 * Sorts. "created" is id order: tickets are numbered as they are raised, and every index (the search index
 * too) already holds ids in order. "priority desc" is most urgent first, the longest-waiting first within a
 * priority (a queue); "asc" is the exact reverse, so one index serves both directions.
 */
const ORDER = {
  created: (dir: typeof asc) => [dir(tickets.id)],
  updated: (dir: typeof asc) => [dir(tickets.updatedAt), dir(tickets.id)],
  priority: (dir: typeof asc) =>
    dir === desc
      ? [asc(tickets.priorityRank), asc(tickets.id)]
      : [desc(tickets.priorityRank), desc(tickets.id)],
} as const;

/**
 * The ticket list, filtered, sorted and paged in SQL; a page is at most 50 rows. The page's ids are found
 * first and the rows read after, so sorting and skipping never carry whole descriptions along.
 */
export async function listTickets(
  db: DbOrTx,
  scope: TicketScope,
  input: TicketListInput,
): Promise<Page<TicketSummary>> {
  const where = and(
    scopeWhere(scope),
    input.mine ? eq(tickets.requester, scope.me) : undefined,
    input.status === "all" ? undefined : eq(tickets.status, input.status),
    input.type === "all" ? undefined : eq(tickets.type, input.type),
    input.priority === "all" ? undefined : eq(tickets.priority, input.priority),
    searchClause(input.q),
  );
  const dir = input.sort_dir === "asc" ? asc : desc;
  const onlySearch =
    !!input.q &&
    !/^#?\d+$/.test(input.q) &&
    !scope.only &&
    !input.mine &&
    input.status === "all" &&
    input.type === "all" &&
    input.priority === "all";
  const [ids, total] = await Promise.all([
    db
      .select({ id: tickets.id })
      .from(tickets)
      .where(where)
      .orderBy(...ORDER[input.sort_by](dir))
      .limit(input.page_size)
      .offset(offsetOf(input.page, input.page_size)),
    countTickets(db, where, onlySearch ? ftsQuery(input.q) : null),
  ]);
  const pageIds = ids.map((r) => r.id);
  const [rows, comments] = await Promise.all([
    pageIds.length ? db.select().from(tickets).where(inArray(tickets.id, pageIds)) : Promise.resolve([]),
    commentCounts(db, pageIds),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const names = await assigneeNames(db, rows);
  return {
    rows: pageIds.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toSummary(row, comments.get(id) ?? 0, names)] : [];
    }),
    total,
  };
}

/** The total for the pager; a search alone is counted in the search index, without reading any ticket. */
async function countTickets(db: DbOrTx, where: SQL | undefined, match: string | null): Promise<number> {
  const [row] = match
    ? await db.select({ n: count() }).from(sql`tickets_fts`).where(sql`tickets_fts match ${match}`)
    : await db.select({ n: count() }).from(tickets).where(where);
  return row?.n ?? 0;
}

/**
 * Search: "#42" is ticket 42; other text matches whole words or word beginnings ("print" finds "printer") in
 * the title, description and requester, through the FTS5 index of migration 0003. Every word must match.
 * A bare number also finds the ticket with that id.
 */
function searchClause(q: string): SQL | undefined {
  if (!q) return undefined;
  const hashId = /^#(\d{1,12})$/.exec(q)?.[1];
  if (hashId) return eq(tickets.id, Number(hashId));
  const match = ftsQuery(q);
  const text = match
    ? sql`${tickets.id} in (select rowid from tickets_fts where tickets_fts match ${match})`
    : sql`0`;
  return /^\d{1,12}$/.test(q) ? sql`(${tickets.id} = ${Number(q)} or ${text})` : text;
}

/** Words as FTS5 prefix phrases ("vpn" → "vpn"*): punctuation never reaches the MATCH syntax. */
export function ftsQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 8)
        .map((w) => `"${w}"*`)
        .join(" ")
    : null;
}

async function commentCounts(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({ id: ticketComments.ticketId, n: count() })
    .from(ticketComments)
    .where(inArray(ticketComments.ticketId, ids))
    .groupBy(ticketComments.ticketId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Header counts over what the caller can see: Open, In Progress, and the caller's own tickets. */
export async function ticketCounts(db: DbOrTx, scope: TicketScope): Promise<TicketCounts> {
  const seen = scopeWhere(scope);
  // One equality count per figure: each is a range of one index (a GROUP BY over both statuses was slower).
  const [open, inProgress, mine] = await Promise.all([
    db.$count(tickets, and(seen, eq(tickets.status, "open"))),
    db.$count(tickets, and(seen, eq(tickets.status, "in_progress"))),
    db.$count(tickets, eq(tickets.requester, scope.me)),
  ]);
  return { open, inProgress, mine };
}

export async function ticketRow(db: DbOrTx, id: number): Promise<TicketRow | null> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  return row ?? null;
}

export async function commentsOf(db: DbOrTx, id: number): Promise<TicketComment[]> {
  const rows = await db
    .select()
    .from(ticketComments)
    .where(eq(ticketComments.ticketId, id))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
  return rows.map((c) => ({
    id: c.id,
    author: c.author,
    authorName: c.authorName,
    text: c.text,
    timestamp: c.createdAt.toISOString(),
  }));
}

export async function fullTicket(db: DbOrTx, row: TicketRow): Promise<Ticket> {
  const [comments, names] = await Promise.all([commentsOf(db, row.id), assigneeNames(db, [row])]);
  const { commentCount: _, ...summary } = toSummary(row, comments.length, names);
  return { ...summary, comments };
}

/** People a ticket can be assigned to: active Admins and Owners. */
export async function assignees(db: DbOrTx): Promise<Assignee[]> {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.status, "active"), inArray(users.role, ["Owner", "Admin"])))
    .orderBy(users.name, users.email);
}
