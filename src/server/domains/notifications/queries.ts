import type { Notice } from "@shared/notifications";
import { and, count, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { notifications, users } from "../../db/schema";
import { offsetOf } from "../../lib/sql";

export type NoticeRow = typeof notifications.$inferSelect;

/** A notice to raise: for one person (a lower-cased email). */
export interface NewNotice {
  recipient: string;
  kind: string;
  title: string;
  body?: string;
  link: string;
  /** A notice that must exist once per person (the daily expiry list): a second one is not written. */
  dedupeKey?: string;
}

export const toNotice = (r: NoticeRow): Notice => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
  read: r.readAt !== null,
});

/** Write notices; the ids of those written (a duplicate of a deduplicated notice is skipped, not an error). */
export async function insertNotices(db: DbOrTx, notices: NewNotice[], at: Date): Promise<number[]> {
  if (!notices.length) return [];
  const rows = await db
    .insert(notifications)
    .values(
      notices.map((n) => ({
        recipient: n.recipient.toLowerCase(),
        kind: n.kind,
        title: n.title,
        body: n.body ?? "",
        link: n.link,
        dedupeKey: n.dedupeKey ?? null,
        createdAt: at,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

/** One person's notices, newest first (the (recipient, id) index, walked backwards). */
export async function noticesOf(db: DbOrTx, recipient: string, page: number, size: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.recipient, recipient))
    .orderBy(desc(notifications.id))
    .limit(size)
    .offset(offsetOf(page, size));
}

export const totalOf = (db: DbOrTx, recipient: string) =>
  db.$count(notifications, eq(notifications.recipient, recipient));

/** The bell's count: one range of the (recipient, read_at) index, never the table. */
export async function unreadOf(db: DbOrTx, recipient: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipient, recipient), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function noticeById(db: DbOrTx, id: number): Promise<NoticeRow | null> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row ?? null;
}

export async function markRead(db: DbOrTx, id: number, at: Date) {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
}

export async function markAllRead(db: DbOrTx, recipient: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.recipient, recipient), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Notices written after `id`, oldest first (what the live watch reads each second). */
export const noticesAfter = (db: DbOrTx, id: number, limit: number) =>
  db.select().from(notifications).where(gt(notifications.id, id)).orderBy(notifications.id).limit(limit);

export async function lastNoticeId(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .orderBy(desc(notifications.id))
    .limit(1);
  return row?.id ?? 0;
}

export const noticesByIds = (db: DbOrTx, ids: number[]) =>
  ids.length ? db.select().from(notifications).where(inArray(notifications.id, ids)) : Promise.resolve([]);

/** Who gets the daily expiry list: active Admins and Owners, and the super-owner whatever their stored role. */
export async function staffEmails(db: DbOrTx, superOwner: string | undefined): Promise<string[]> {
  const staff = inArray(users.role, ["Owner", "Admin"]);
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.status, "active"), superOwner ? or(staff, eq(users.email, superOwner)) : staff));
  return rows.map((r) => r.email.toLowerCase());
}
