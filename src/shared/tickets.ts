import { z } from "zod";
import {
  caselessEnum,
  emailAddress,
  flag,
  isBlank,
  pageNumber,
  pageSize,
  searchText,
  sortDirOr,
  text,
  unsetWhenBlank,
} from "./common";
import { REFUSED } from "./permissions";

/** The spec's ticket vocabulary (part 2 §3), defined once and reused by the Drizzle columns. */
export const TICKET_TYPES = ["hardware", "software", "access", "network", "mobile", "data", "other"] as const;
export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const TICKET_STATUSES = ["open", "in_progress", "waiting", "resolved", "closed"] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  waiting: "Waiting for User",
  resolved: "Resolved",
  closed: "Closed",
};
export const TYPE_LABELS: Record<TicketType, string> = {
  hardware: "Hardware",
  software: "Software",
  access: "Access",
  network: "Network",
  mobile: "Mobile",
  data: "Data",
  other: "Other",
};
export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};
/**
 * The dashboard's "Open Tasks": the tickets a person can see that are Open or In Progress, the two counts the
 * IT Tickets header shows, so both screens give the same number.
 */
export const TASK_STATUSES = ["open", "in_progress"] as const satisfies TicketStatus[];

/** Tickets: 10/25/50 per page, default 25; list preview of the description is 120 characters (spec §9). */
export const TICKET_PAGE_SIZES = [10, 25, 50] as const;
export const TICKET_PREVIEW_CHARS = 120;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const COMMENT_MAX = 5000;

export const TICKET_MESSAGES = {
  titleRequired: "Title is required.",
  descriptionRequired: "Description is required.",
  commentRequired: "Comment text is required.",
  deleteRequesterOnly: "Only the ticket's requester can delete it.",
  notYours: "You can only see and change your own tickets.",
  // The rule's own sentence (permissions.ts): the same words wherever assigning is refused.
  assignStaffOnly: REFUSED["tickets.manageAll"],
} as const;

/** Text trimmed first, so whitespace-only is blank and refused with the given message. */
const required = (max: number, message: string) => text(max).pipe(z.string().min(1, message));

const type = caselessEnum(TICKET_TYPES, `Type must be one of ${TICKET_TYPES.join(", ")}.`);
const priority = caselessEnum(TICKET_PRIORITIES, `Priority must be one of ${TICKET_PRIORITIES.join(", ")}.`);
const status = caselessEnum(TICKET_STATUSES, `Status must be one of ${TICKET_STATUSES.join(", ")}.`);

export const ticketCreateInput = z.object({
  // prefault: a missing field is parsed as "" and so gets the same message as a blank one.
  title: required(TITLE_MAX, TICKET_MESSAGES.titleRequired).prefault(""),
  description: required(DESCRIPTION_MAX, TICKET_MESSAGES.descriptionRequired).prefault(""),
  type: unsetWhenBlank(type.default("other")),
  priority: unsetWhenBlank(priority.default("medium")),
});
export type TicketCreateInput = z.input<typeof ticketCreateInput>;

/** Edit mode: any field may change and any status may be chosen (no transition rules, spec §4). */
export const ticketChanges = z.object({
  title: required(TITLE_MAX, TICKET_MESSAGES.titleRequired).optional(),
  description: required(DESCRIPTION_MAX, TICKET_MESSAGES.descriptionRequired).optional(),
  type: unsetWhenBlank(type.optional()),
  priority: unsetWhenBlank(priority.optional()),
  status: unsetWhenBlank(status.optional()),
  /** Email of an Admin/Owner, or null (or blank: the select's "Unassigned") to unassign. Admins and Owners only. */
  assignee: z.preprocess((v) => (isBlank(v) ? null : v), emailAddress.nullable()).optional(),
});
export type TicketChanges = z.infer<typeof ticketChanges>;

export const ticketId = z.coerce
  .number({ error: "id must be a number" })
  .int("id must be a whole number")
  .positive("id must be positive");
export const ticketIdInput = z.object({ id: ticketId });
export type TicketIdInput = z.infer<typeof ticketIdInput>;
export const ticketUpdateInput = ticketChanges.extend({ id: ticketId });
export type TicketUpdateInput = z.infer<typeof ticketUpdateInput>;

export const commentInput = z.object({
  text: required(COMMENT_MAX, TICKET_MESSAGES.commentRequired).prefault(""),
});
export const addCommentInput = commentInput.extend({ id: ticketId });
export type AddCommentInput = z.infer<typeof addCommentInput>;

export const TICKET_SORTS = ["created", "updated", "priority"] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];
const ALL = "all";

export const ticketListInput = z.object({
  q: searchText.default(""),
  status: unsetWhenBlank(
    caselessEnum([ALL, ...TICKET_STATUSES], "status must be all or a ticket status").default(ALL),
  ),
  type: unsetWhenBlank(
    caselessEnum([ALL, ...TICKET_TYPES], "type must be all or a ticket type").default(ALL),
  ),
  priority: unsetWhenBlank(
    caselessEnum([ALL, ...TICKET_PRIORITIES], "priority must be all or a ticket priority").default(ALL),
  ),
  /** 'My Tickets Only': tickets the caller raised. */
  mine: flag.default(false),
  sort_by: unsetWhenBlank(
    caselessEnum(TICKET_SORTS, `sort_by must be one of ${TICKET_SORTS.join(", ")}`).default("created"),
  ),
  sort_dir: sortDirOr("desc"),
  page: pageNumber.default(1),
  page_size: pageSize(TICKET_PAGE_SIZES, 25),
});
export type TicketListInput = z.infer<typeof ticketListInput>;

export interface TicketComment {
  id: number;
  /** Email of the author (the signed-in person who wrote it). */
  author: string;
  authorName: string;
  text: string;
  timestamp: string;
}

/** The spec's ticket fields; `requester` and `assignee` are emails. */
export interface Ticket {
  id: number;
  title: string;
  description: string;
  type: TicketType;
  priority: TicketPriority;
  status: TicketStatus;
  requester: string;
  requesterName: string;
  assignee: string | null;
  /** The assignee's name from their account (null when unassigned or the account has no name). */
  assigneeName: string | null;
  createdAt: string;
  updatedAt: string;
  comments: TicketComment[];
}

/** A list row: the ticket without its comments, with their count. */
export type TicketSummary = Omit<Ticket, "comments"> & { commentCount: number };

export interface TicketCounts {
  open: number;
  inProgress: number;
  mine: number;
}

export interface Assignee {
  email: string;
  name: string;
}

/** The list's description preview: whitespace collapsed, cut at 120 characters with an ellipsis. */
export function previewText(s: string, max = TICKET_PREVIEW_CHARS): string {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max).trimEnd()}…`;
}

/** Ticket number as people say it: "#42". */
export const ticketRef = (id: number) => `#${id}`;
