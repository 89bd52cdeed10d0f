import {
  NOTICE_MESSAGES,
  type NoticeListInput,
  type NoticePage,
  noticeListInput,
} from "@shared/notifications";
import { forbidden, notFound, parseInput } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import type { NoticeDeps } from "./mail";
import {
  insertNotices,
  markAllRead,
  markRead,
  noticeById,
  noticesOf,
  toNotice,
  totalOf,
  unreadOf,
} from "./queries";

/*
 * A person's notices. Other domains raise them in the transaction of the event that causes them
 * (raiseNotices), then hand the ids to noticesRaised once it committed. Every read and mark is the caller's own:
 * the recipient is always the signed-in person, and a notice of someone else is refused (ids are sequential,
 * so a 404 would hide nothing).
 */

export type { NoticeDeps } from "./mail";
export type { NewNotice } from "./queries";
export { noticesRaised, raiseNow } from "./raised";

const me = (ctx: ServiceCtx) => ctx.user.email.toLowerCase();
export const noticeDepsOf = (ctx: ServiceCtx): NoticeDeps => ({
  db: ctx.db,
  env: ctx.settings,
  log: ctx.log,
});

/** Write notices inside the caller's transaction; the ids written (a deduplicated one already there is not). */
export const raiseNotices = insertNotices;

/** GET /api/notifications, tRPC notifications.list: the caller's notices, newest first, and the unread count. */
export async function noticePage(ctx: ServiceCtx, input: NoticeListInput): Promise<NoticePage> {
  const { page, page_size } = parseInput(noticeListInput, input);
  const [rows, total, unread] = await Promise.all([
    noticesOf(ctx.db, me(ctx), page, page_size),
    totalOf(ctx.db, me(ctx)),
    unreadOf(ctx.db, me(ctx)),
  ]);
  return { rows: rows.map(toNotice), total, unread };
}

/** The bell's count alone (an index range of the caller's unread notices). */
export async function unreadCount(ctx: ServiceCtx): Promise<{ unread: number }> {
  return { unread: await unreadOf(ctx.db, me(ctx)) };
}

export async function markNoticeRead(ctx: ServiceCtx, { id }: { id: number }) {
  return ctx.db.transaction(async (tx) => {
    const row = await noticeById(tx, id);
    if (!row) throw notFound(NOTICE_MESSAGES.noNotice(id));
    if (row.recipient !== me(ctx)) throw forbidden(NOTICE_MESSAGES.notYours);
    await markRead(tx, id, ctx.now());
    return { id, read: true as const, unread: await unreadOf(tx, me(ctx)) };
  });
}

export async function markAllNoticesRead(ctx: ServiceCtx) {
  const marked = await ctx.db.transaction((tx) => markAllRead(tx, me(ctx), ctx.now()));
  return { marked, unread: 0 };
}

export { EXPIRY_CHECK_EVERY_MS, raiseExpiryNotices } from "./expiry";
export { jobEndNotices } from "./job-notices";
export { noticeStream } from "./stream";
