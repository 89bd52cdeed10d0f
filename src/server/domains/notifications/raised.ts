import { noticeHub } from "./live";
import { mailNotices, type NoticeDeps } from "./mail";
import { insertNotices, type NewNotice } from "./queries";

/**
 * After the raising transaction committed: this instance's live watch looks now (other instances find the rows
 * within a second), and with SMTP_URL the notices go by e-mail, in the background.
 */
export function noticesRaised(deps: NoticeDeps, ids: number[]): void {
  if (!ids.length) return;
  noticeHub(deps.db, deps.log).wake();
  if (deps.env.SMTP_URL) {
    void mailNotices(deps, ids).catch((err) => deps.log.warn("notices not e-mailed", { err }));
  }
}

/** Raise notices in a transaction of their own (events outside any other transaction). */
export async function raiseNow(deps: NoticeDeps, notices: NewNotice[], at = new Date()): Promise<number[]> {
  const ids = await deps.db.transaction((tx) => insertNotices(tx, notices, at));
  noticesRaised(deps, ids);
  return ids;
}
