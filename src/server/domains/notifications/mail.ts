import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import type { Env } from "../../env";
import type { Logger } from "../../lib/logger";
import { sendMail, smtpTarget } from "../../lib/smtp";
import { type NoticeRow, noticesByIds } from "./queries";

/**
 * The same notices by e-mail, when SMTP_URL is set (without it nothing here runs). Called after the causing
 * transaction committed and never awaited by the request: a slow or refusing mail server delays nobody, and its
 * failure is logged, not thrown. Each notice is claimed (emailed_at set where it was empty) before it is sent,
 * so it goes out once even if two processes were asked to send it; a failed send gives the claim back.
 */
/** What raising and sending notices needs: the app's database, settings and log. */
export interface NoticeDeps {
  db: Db;
  env: Env;
  log: Logger;
}

export async function mailNotices(deps: NoticeDeps, ids: number[]): Promise<void> {
  const url = deps.env.SMTP_URL;
  if (!url || !ids.length) return;
  const target = smtpTarget(url);
  for (const row of await noticesByIds(deps.db, ids)) {
    if (!(await claim(deps.db, row.id))) continue;
    try {
      await sendMail(target, messageOf(deps.env, row));
    } catch (err) {
      deps.log.warn("notice not e-mailed", { id: row.id, err });
      await deps.db.transaction((tx) =>
        tx.update(notifications).set({ emailedAt: null }).where(eq(notifications.id, row.id)),
      );
    }
  }
}

async function claim(db: Db, id: number): Promise<boolean> {
  const rows = await db.transaction((tx) =>
    tx
      .update(notifications)
      .set({ emailedAt: new Date() })
      .where(and(eq(notifications.id, id), isNull(notifications.emailedAt)))
      .returning({ id: notifications.id }),
  );
  return rows.length > 0;
}

function messageOf(env: Env, row: NoticeRow) {
  const base = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, "") : "";
  const lines = [row.title, "", ...(row.body ? [row.body, ""] : []), `Open it: ${base}${row.link}`];
  return { from: env.SMTP_FROM, to: row.recipient, subject: row.title, text: lines.join("\n") };
}
