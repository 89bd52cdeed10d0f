import { addDays, format, parseISO } from "date-fns";
import { and, asc, count, gte, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { coreBoxes } from "../../db/schema";

/** How many boxes the daily notice names; the rest are counted ("and 12 more"). */
const NAMED = 10;

export interface ExpiringBoxes {
  count: number;
  /** The soonest to expire, soonest first. */
  first: { workOrder: string; expires: string }[];
}

/**
 * The boxes in storage whose expiry date falls within `days` days from `today` (both ends included; boxes
 * already expired are not "about to"), for the daily notice to Admins and Owners. Both reads walk the expiry
 * sort index.
 */
export async function boxesExpiringSoonForNotice(
  db: DbOrTx,
  today: string,
  days: number,
): Promise<ExpiringBoxes> {
  const until = format(addDays(parseISO(today), days), "yyyy-MM-dd");
  const within = and(gte(coreBoxes.storageExpiryDate, today), lte(coreBoxes.storageExpiryDate, until));
  const [[total], first] = await Promise.all([
    db.select({ n: count() }).from(coreBoxes).where(within),
    db
      .select({ workOrder: coreBoxes.workOrder, expires: coreBoxes.storageExpiryDate })
      .from(coreBoxes)
      .where(within)
      .orderBy(asc(coreBoxes.storageExpiryDate), asc(coreBoxes.workOrder))
      .limit(NAMED),
  ]);
  return { count: total?.n ?? 0, first: first.map((b) => ({ workOrder: b.workOrder, expires: b.expires! })) };
}
