import { type Actor, can, canDeleteTicket, canSeeTicket, isStaffAdmin } from "@shared/permissions";
import {
  TICKET_MESSAGES,
  type Ticket,
  type TicketChanges,
  type TicketComment,
  type TicketCreateInput,
  type TicketStatus,
  ticketCreateInput,
} from "@shared/tickets";
import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { ticketComments, tickets, users } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { badRequest, forbidden, notFound, parseInput } from "../../lib/errors";
import { fullTicket, ticketRow } from "./queries";

export interface TicketsDeps {
  db: Db;
  /** The signed-in caller: the requester of anything they raise, the author of anything they write. */
  actor: Actor & { name: string };
  now?: () => Date;
}

const isClosed = (s: TicketStatus) => s === "resolved" || s === "closed";

/**
 * IT support tickets. Visibility, editing, assigning and deleting are checked here against the row as it is
 * now, with the rules of src/shared/permissions.ts. A ticket the caller may not see is a 403, like a delete by
 * someone other than the requester: ids are sequential, so a 404 would hide nothing.
 */
export function createTicketsService(deps: TicketsDeps) {
  const { db, actor } = deps;
  const now = deps.now ?? (() => new Date());
  const me = actor.email.toLowerCase();

  async function visibleRow(tx: DbOrTx, id: number) {
    const row = await ticketRow(tx, id);
    if (!row) throw notFound(`Ticket #${id} does not exist.`);
    if (!canSeeTicket(actor, row)) throw forbidden(TICKET_MESSAGES.notYours);
    return row;
  }

  async function byId(id: number): Promise<Ticket> {
    return fullTicket(db, await visibleRow(db, id));
  }

  async function create(input: TicketCreateInput): Promise<Ticket> {
    const data = parseInput(ticketCreateInput, input);
    const at = now();
    const [row] = await db
      .insert(tickets)
      .values({
        ...data,
        status: "open",
        requester: me,
        requesterName: actor.name,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return fullTicket(db, row!);
  }

  /** Edit mode: any status may be chosen; only Admins/Owners change the assignee (to an Admin/Owner). */
  async function update(id: number, changes: TicketChanges): Promise<Ticket> {
    return db.transaction(async (tx) => {
      const row = await visibleRow(tx, id);
      const { assignee, ...fields } = changes;
      const assigning = assignee !== undefined && assignee !== row.assignee;
      if (assigning) {
        if (!can(actor, "tickets.manageAll")) throw forbidden(TICKET_MESSAGES.assignStaffOnly);
        if (assignee) await requireStaff(tx, assignee);
      }
      const at = now();
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
            actor: actor.email,
            action: "ticket.assign",
            target: `ticket #${id}`,
            details: { before: { assignee: row.assignee }, after: { assignee: assignee ?? null } },
          },
          at,
        );
      }
      return fullTicket(tx, updated!);
    });
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
  async function remove(id: number) {
    return db.transaction(async (tx) => {
      const row = await ticketRow(tx, id);
      if (!row) throw notFound(`Ticket #${id} does not exist.`);
      if (!canDeleteTicket(actor, row)) throw forbidden(TICKET_MESSAGES.deleteRequesterOnly);
      await tx.delete(ticketComments).where(eq(ticketComments.ticketId, id));
      await tx.delete(tickets).where(eq(tickets.id, id));
      await recordAudit(
        tx,
        {
          actor: actor.email,
          action: "ticket.delete",
          target: `ticket #${id}`,
          details: { before: { title: row.title, status: row.status, requester: row.requester } },
        },
        now(),
      );
      return { id, deleted: true as const };
    });
  }

  async function addComment(id: number, text: string): Promise<TicketComment> {
    if (!text.trim()) throw badRequest(TICKET_MESSAGES.commentRequired);
    return db.transaction(async (tx) => {
      await visibleRow(tx, id);
      const at = now();
      const [c] = await tx
        .insert(ticketComments)
        .values({ ticketId: id, author: me, authorName: actor.name, text: text.trim(), createdAt: at })
        .returning();
      await tx.update(tickets).set({ updatedAt: at }).where(eq(tickets.id, id));
      return {
        id: c!.id,
        author: c!.author,
        authorName: c!.authorName,
        text: c!.text,
        timestamp: at.toISOString(),
      };
    });
  }

  return { byId, create, update, remove, addComment };
}
