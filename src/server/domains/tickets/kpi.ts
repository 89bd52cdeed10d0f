import type { Kpi } from "@shared/dashboard";
import { UNRESOLVED_STATUSES } from "@shared/tickets";
import { and, count, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tickets } from "../../db/schema";

const DAY = 86_400_000;

/**
 * The dashboard's "Open Tasks": tickets still needing work (open, in progress, waiting for the user). The
 * sparkline is how many were unresolved at the end of each of the last seven days (today: now), read from
 * created_at and closed_at, so no history table is needed.
 */
export async function openTicketsKpi(db: Db, now: Date): Promise<Kpi> {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const ends = Array.from({ length: 7 }, (_, i) => (i === 6 ? now.getTime() : startOfToday - (5 - i) * DAY));
  const openAt = (end: number) =>
    sql<number>`coalesce(sum(case when ${tickets.createdAt} <= ${end} and (${tickets.closedAt} is null or ${tickets.closedAt} > ${end}) then 1 else 0 end), 0)`;
  const [[value], [trend]] = await Promise.all([
    db
      .select({ n: count() })
      .from(tickets)
      .where(inArray(tickets.status, [...UNRESOLVED_STATUSES])),
    db
      .select(
        Object.fromEntries(ends.map((e, i) => [`d${i}`, openAt(e)])) as Record<
          string,
          ReturnType<typeof openAt>
        >,
      )
      .from(tickets)
      .where(
        and(
          lte(tickets.createdAt, new Date(ends[6]!)),
          or(isNull(tickets.closedAt), gt(tickets.closedAt, new Date(ends[0]!))),
        ),
      ),
  ]);
  return { value: value?.n ?? 0, trend: ends.map((_, i) => Number(trend?.[`d${i}`] ?? 0)) };
}
