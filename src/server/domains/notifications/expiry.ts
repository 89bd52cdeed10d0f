import { todayIso } from "@shared/core-box-dates";
import { EXPIRY_NOTICE_DAYS, NOTICE_LINKS } from "@shared/notifications";
import { boxesExpiringSoonForNotice } from "../core-boxes/service";
import type { NoticeDeps } from "./mail";
import { insertNotices, staffEmails } from "./queries";
import { noticesRaised } from "./raised";

/** How often each instance looks whether today's expiry notice is written yet (and once at start). */
export const EXPIRY_CHECK_EVERY_MS = 60 * 60 * 1000;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Once a day, each active Admin and Owner gets one notice listing the core boxes whose storage expires within
 * 30 days. Every instance may try as often as it likes: the notice's dedupe key is the day (`expiry:YYYY-MM-DD`)
 * and (recipient, dedupe key) is unique, so a person gets one a day however many instances raise it at once.
 * `now` is the caller's clock (tests give another day). Answers the ids written (empty when already done).
 */
export async function raiseExpiryNotices(deps: NoticeDeps, now: Date): Promise<number[]> {
  const today = todayIso(now);
  const boxes = await boxesExpiringSoonForNotice(deps.db, today, EXPIRY_NOTICE_DAYS);
  if (!boxes.count) return [];
  const listed = boxes.first.map((b) => `${b.workOrder} (${b.expires})`).join(", ");
  const more = boxes.count - boxes.first.length;
  const body = `${listed}${more > 0 ? ` and ${more} more` : ""}.`;
  const title = `${plural(boxes.count, "core box expires", "core boxes expire")} within ${EXPIRY_NOTICE_DAYS} days`;
  const ids = await deps.db.transaction(async (tx) => {
    const staff = await staffEmails(tx, deps.env.SUPER_OWNER_EMAIL);
    const notices = staff.map((recipient) => ({
      recipient,
      kind: "expiry",
      title,
      body,
      link: NOTICE_LINKS.expiry,
      dedupeKey: `expiry:${today}`,
    }));
    return insertNotices(tx, notices, now);
  });
  noticesRaised(deps, ids);
  return ids;
}
