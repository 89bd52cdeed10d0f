import type { Kpi } from "@shared/dashboard";
import { UNRESOLVED_STATUSES } from "@shared/tickets";
import { and, count, gt, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedPer } from "../../db/prepared";
import { tickets } from "../../db/schema";

const DAY = 86_400_000;

/**
 * The dashboard's "Open Tasks": tickets still needing work (open, in progress, waiting for the user). The
 * sparkline is how many were unresolved at the end of each of the last seven days (today: now), read from
 * created_at and closed_at, so no history table is needed.
 */
/** Unresolved now, and at the end of each of the seven days (placeholders e0…e6; e0 and e6 bound the range). */
const openQueries = preparedPer((db: Db) => {
  const end = (i: number) => sql.placeholder(`e${i}`);
  const openAt = (i: number) =>
    sql<number>`coalesce(sum(case when ${tickets.createdAt} <= ${end(i)} and (${tickets.closedAt} is null or ${tickets.closedAt} > ${end(i)}) then 1 else 0 end), 0)`;
  return {
    value: db
      .select({ n: count() })
      .from(tickets)
      .where(inArray(tickets.status, [...UNRESOLVED_STATUSES]))
      .prepare(),
    trend: db
      .select(Object.fromEntries(DAYS.map((i) => [`d${i}`, openAt(i)])) as Record<string, SQL<number>>)
      .from(tickets)
      .where(and(lte(tickets.createdAt, end(6)), or(isNull(tickets.closedAt), gt(tickets.closedAt, end(0)))))
      .prepare(),
  };
});
const DAYS = [0, 1, 2, 3, 4, 5, 6];

export async function openTicketsKpi(db: Db, now: Date): Promise<Kpi> {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const ends = DAYS.map((i) => (i === 6 ? now.getTime() : startOfToday - (5 - i) * DAY));
  const q = openQueries(db);
  const [[value], [trend]] = await Promise.all([
    q.value.all(),
    // Placeholders skip the columns' mapping: pass what the timestamp columns store (ms since the epoch).
    q.trend.all(Object.fromEntries(ends.map((e, i) => [`e${i}`, e]))),
  ]);
  return { value: value?.n ?? 0, trend: DAYS.map((i) => Number(trend?.[`d${i}`] ?? 0)) };
}
