import { NOTICE_LINKS } from "@shared/notifications";
import { STATUS_LABELS, type TicketStatus } from "@shared/tickets";
import type { NewNotice } from "../notifications/service";

type Row = { id: number; title: string; requester: string; assignee: string | null; status: TicketStatus };

/**
 * Who hears about a change to a ticket: its requester and its assignee (before and after a reassignment), never
 * the person who made the change.
 */
function recipientsOf(actor: string, ...people: (string | null | undefined)[]): string[] {
  const me = actor.toLowerCase();
  return [...new Set(people.flatMap((p) => (p ? [p.toLowerCase()] : [])))].filter((p) => p !== me);
}

const excerpt = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A reply on a ticket. */
export function replyNotices(row: Row, actor: { email: string; name: string }, text: string): NewNotice[] {
  const title = `${actor.name || actor.email} replied on ticket #${row.id}`;
  const body = `${row.title}: ${excerpt(text.trim())}`;
  return recipientsOf(actor.email, row.requester, row.assignee).map((recipient) => ({
    recipient,
    kind: "ticket",
    title,
    body,
    link: NOTICE_LINKS.ticket(row.id),
  }));
}

/** A status or assignee change (one notice for both when one edit made both); none for other edits. */
export function changeNotices(
  before: Row,
  after: Row,
  actor: { email: string; name: string },
  assigneeName: string | null,
): NewNotice[] {
  const status = before.status !== after.status;
  const assigned = before.assignee !== after.assignee;
  if (!status && !assigned) return [];
  const to = after.assignee ? `assigned to ${assigneeName || after.assignee}` : "no longer assigned";
  const parts = [...(status ? [`now ${STATUS_LABELS[after.status]}`] : []), ...(assigned ? [to] : [])];
  const title = `Ticket #${after.id} is ${parts.join(" and ")}`;
  const body = `${after.title} (changed by ${actor.name || actor.email})`;
  return recipientsOf(actor.email, after.requester, before.assignee, after.assignee).map((recipient) => ({
    recipient,
    kind: "ticket",
    title,
    body,
    link: NOTICE_LINKS.ticket(after.id),
  }));
}
