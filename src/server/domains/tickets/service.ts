import { type Actor, can, canDeleteTicket, canSeeTicket, isStaffAdmin } from "@shared/permissions";
import { cappedCount, type FoundGroup, markWords, pathWith } from "@shared/search";
import {
  type AddCommentInput,
  STATUS_LABELS,
  TICKET_MESSAGES,
  type Ticket,
  type TicketComment,
  type TicketCreateInput,
  type TicketIdInput,
  type TicketListInput,
  type TicketStatus,
  type TicketUpdateInput,
  ticketCreateInput,
  ticketListInput,
} from "@shared/tickets";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { ticketComments, tickets, users } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { badRequest, forbidden, notFound, parseInput } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { noticeDepsOf, noticesRaised, raiseNotices } from "../notifications/service";
import { changeNotices, replyNotices } from "./notices";
import { assignees, fullTicket, listTickets, type TicketScope, ticketCounts, ticketRow } from "./queries";

/** The rule for reads: tickets.manageAll sees every ticket, anyone else their own. */
export function ticketScope(actor: Actor): TicketScope {
  const me = actor.email.toLowerCase();
  return { only: can(actor, "tickets.manageAll") ? null : me, me };
}

/** Who a ticket can be assigned to (the edit form's choices): for those who assign, Admins and Owners. */
export async function ticketAssignees(ctx: ServiceCtx) {
  if (!can(ctx.user, "tickets.manageAll")) throw forbidden(TICKET_MESSAGES.assignStaffOnly);
  return assignees(ctx.db);
}

/** The list the caller may see, filtered, sorted and paged (tRPC tickets.list, GET /api/tickets). */
export const ticketPage = (ctx: ServiceCtx, input: TicketListInput) =>
  listTickets(ctx.db, ticketScope(ctx.user), input);

/** The IT Tickets header's counts over what the caller may see. */
export const ticketHeader = (ctx: ServiceCtx) => ticketCounts(ctx.db, ticketScope(ctx.user));

const isClosed = (s: TicketStatus) => s === "resolved" || s === "closed";

/*
 * IT support tickets. Visibility, editing, assigning and deleting are checked here against the row as it is
 * now, with the rules of src/shared/permissions.ts. A ticket the caller may not see is a 403, like a delete by
 * someone other than the requester: ids are sequential, so a 404 would hide nothing. The caller (ctx.user) is
 * the requester of anything they raise and the author of anything they write.
 */

async function visibleRow(ctx: ServiceCtx, tx: DbOrTx, id: number) {
  const row = await ticketRow(tx, id);
  if (!row) throw notFound(`Ticket #${id} does not exist.`);
  if (!canSeeTicket(ctx.user, row)) throw forbidden(TICKET_MESSAGES.notYours);
  return row;
}

export async function ticketById(ctx: ServiceCtx, { id }: TicketIdInput): Promise<Ticket> {
  return fullTicket(ctx.db, await visibleRow(ctx, ctx.db, id));
}

export async function createTicket(ctx: ServiceCtx, input: TicketCreateInput): Promise<Ticket> {
  const data = parseInput(ticketCreateInput, input);
  const at = ctx.now();
  const [row] = await ctx.db
    .insert(tickets)
    .values({
      ...data,
      status: "open",
      requester: ctx.user.email.toLowerCase(),
      requesterName: ctx.user.name,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return fullTicket(ctx.db, row!);
}

/** Edit mode: any status may be chosen; only Admins/Owners change the assignee (to an Admin/Owner). */
export async function updateTicket(ctx: ServiceCtx, input: TicketUpdateInput): Promise<Ticket> {
  const { id, assignee, ...fields } = input;
  const { ticket, notices } = await ctx.db.transaction(async (tx) => {
    const row = await visibleRow(ctx, tx, id);
    const assigning = assignee !== undefined && assignee !== row.assignee;
    if (assigning) {
      if (!can(ctx.user, "tickets.manageAll")) throw forbidden(TICKET_MESSAGES.assignStaffOnly);
      if (assignee) await requireStaff(tx, assignee);
    }
    const at = ctx.now();
    const status = fields.status ?? row.status;
    const closedAt = isClosed(status) ? (isClosed(row.status) ? row.closedAt : at) : null;
    const [updated] = await tx
      .update(tickets)
      .set({ ...fields, ...(assigning ? { assignee } : {}), closedAt, updatedAt: at })
      .where(eq(tickets.id, id))
      .returning();
    if (assigning) {
      await recordAudit(
        tx,
        {
          actor: ctx.user.email,
          action: "ticket.assign",
          target: `ticket #${id}`,
          details: { before: { assignee: row.assignee }, after: { assignee: assignee ?? null } },
        },
        at,
      );
    }
    const ticket = await fullTicket(tx, updated!);
    // The requester and the assignee hear of a status or assignee change, in the transaction that makes it.
    const notices = await raiseNotices(tx, changeNotices(row, updated!, ctx.user, ticket.assigneeName), at);
    return { ticket, notices };
  });
  noticesRaised(noticeDepsOf(ctx), notices);
  return ticket;
}

async function requireStaff(tx: DbOrTx, email: string) {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, "active")))
    .limit(1);
  if (!user || !isStaffAdmin({ email: user.email, role: user.role, isSuperOwner: false })) {
    throw badRequest(`${email} is not an active Admin or Owner, so the ticket cannot be assigned to them.`);
  }
}

/** Only the requester deletes; the comments go with the ticket, and the audit log keeps a record. */
export async function removeTicket(ctx: ServiceCtx, { id }: TicketIdInput) {
  return ctx.db.transaction(async (tx) => {
    const row = await ticketRow(tx, id);
    if (!row) throw notFound(`Ticket #${id} does not exist.`);
    if (!canDeleteTicket(ctx.user, row)) throw forbidden(TICKET_MESSAGES.deleteRequesterOnly);
    await tx.delete(ticketComments).where(eq(ticketComments.ticketId, id));
    await tx.delete(tickets).where(eq(tickets.id, id));
    await recordAudit(
      tx,
      {
        actor: ctx.user.email,
        action: "ticket.delete",
        target: `ticket #${id}`,
        details: { before: { title: row.title, status: row.status, requester: row.requester } },
      },
      ctx.now(),
    );
    return { id, deleted: true as const };
  });
}

export async function addTicketComment(
  ctx: ServiceCtx,
  { id, text }: AddCommentInput,
): Promise<TicketComment> {
  if (!text.trim()) throw badRequest(TICKET_MESSAGES.commentRequired);
  const { comment, notices } = await ctx.db.transaction(async (tx) => {
    const row = await visibleRow(ctx, tx, id);
    const at = ctx.now();
    const [c] = await tx
      .insert(ticketComments)
      .values({
        ticketId: id,
        author: ctx.user.email.toLowerCase(),
        authorName: ctx.user.name,
        text: text.trim(),
        createdAt: at,
      })
      .returning();
    await tx.update(tickets).set({ updatedAt: at }).where(eq(tickets.id, id));
    const notices = await raiseNotices(tx, replyNotices(row, ctx.user, c!.text), at);
    const comment: TicketComment = {
      id: c!.id,
      author: c!.author,
      authorName: c!.authorName,
      text: c!.text,
      timestamp: at.toISOString(),
    };
    return { comment, notices };
  });
  noticesRaised(noticeDepsOf(ctx), notices);
  return comment;
}

/** The dashboard card this domain owns. */
export { openTicketsKpi } from "./kpi";

/**
 * Tickets for the one search: the IT Tickets screen's own search ("#42", words as prefixes) over the tickets
 * the caller may see (their own; every ticket for Admins and Owners), newest first.
 */
export async function findTickets(ctx: ServiceCtx, input: { q: string; limit: number }): Promise<FoundGroup> {
  const q = input.q.slice(0, 200);
  const page = await ticketPage(ctx, { ...ticketListInput.parse({ q }), page_size: input.limit });
  return {
    ...cappedCount(page.total),
    hits: page.rows.map((t) => ({
      key: `ticket:${t.id}`,
      title: `#${t.id} ${t.title}`,
      detail: [STATUS_LABELS[t.status], t.requesterName || t.requester].join(" · "),
      snippet: markWords(`${t.title} — ${t.description}`, q),
      link: pathWith("/it-tickets", { ticket: t.id }),
    })),
    more: pathWith("/it-tickets", { q }),
  };
}
