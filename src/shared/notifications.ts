import { z } from "zod";
import { pageNumber } from "./common";

/**
 * A person's notices (the header bell): a reply or change on their ticket, an indexing job they started that
 * ended, core boxes about to expire. Kept on the server per person; only the recipient reads or marks them.
 */
export const NOTICE_KINDS = ["ticket", "job", "expiry"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface Notice {
  id: number;
  kind: string;
  title: string;
  body: string;
  /** The in-portal path the notice opens. */
  link: string;
  createdAt: string;
  read: boolean;
}

export interface NoticePage {
  rows: Notice[];
  total: number;
  unread: number;
}

/** Newest first, 20 a page by default: the bell shows the first page. */
export const NOTICE_PAGE_MAX = 50;
export const noticeListInput = z.object({
  page: pageNumber.default(1),
  page_size: z.coerce
    .number({ error: `page_size must be a whole number from 1 to ${NOTICE_PAGE_MAX}` })
    .int()
    .min(1)
    .max(NOTICE_PAGE_MAX)
    .default(20),
});
export type NoticeListInput = z.input<typeof noticeListInput>;

export const noticeIdInput = z.object({ id: z.number().int().positive() });

/** How many days ahead the daily notice to Admins and Owners looks for expiring core boxes. */
export const EXPIRY_NOTICE_DAYS = 30;

/** Where each kind of notice leads. */
export const NOTICE_LINKS = {
  ticket: (id: number) => `/it-tickets?ticket=${id}`,
  /** The Core Box Inventory filtered to boxes expiring within the notice's days (its `expires` filter). */
  expiry: `/core-box-inventory?expires=${EXPIRY_NOTICE_DAYS}`,
  documents: "/db-admin",
  reports: "/reports",
} as const;

export const NOTICE_MESSAGES = {
  notYours: "You can only see and mark your own notices.",
  noNotice: (id: number) => `Notice #${id} does not exist.`,
  empty: "No new alerts",
  caughtUp: "All caught up",
} as const;

/** What the live stream (GET /api/notifications/stream) sends: the unread count, and each new notice with it. */
export type LiveNotice =
  | { type: "unread"; unread: number }
  | { type: "notice"; notice: Notice; unread: number };

/**
 * The events of a live stream's body as they arrive (the bell, the tests and the benchmark read it alike); ends
 * when the body does. Leaving the loop early cancels the body.
 */
export async function* liveNotices(body: ReadableStream<Uint8Array>): AsyncGenerator<LiveNotice> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (data) yield JSON.parse(data) as LiveNotice;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
