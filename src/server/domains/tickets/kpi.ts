import type { Kpi } from "@shared/dashboard";
import type { Actor } from "@shared/permissions";
import { TASK_STATUSES } from "@shared/tickets";
import { and, count, gt, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tickets } from "../../db/schema";
import { scopeWhere } from "./queries";
import { ticketScope } from "./service";

const DAY = 86_400_000;
const DAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * The dashboard's "Open Tasks" for the person asking: their visible tickets that are Open or In Progress (the
 * IT Tickets header's two counts). The sparkline is how many of them were unresolved at the end of each of the
 * last six days, read from created_at and closed_at (no history table); its last point is today's count.
 */
export async function openTicketsKpi(db: Db, now: Date, actor: Actor): Promise<Kpi> {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const ends = DAYS.map((i) => new Date(i === 6 ? now.getTime() : startOfToday - (5 - i) * DAY));
  const scope = scopeWhere(ticketScope(actor));
  const openAt = (end: Date) =>
    sql<number>`coalesce(sum(case when ${tickets.createdAt} <= ${end.getTime()} and (${tickets.closedAt} is null or ${tickets.closedAt} > ${end.getTime()}) then 1 else 0 end), 0)`;
  const [[value], [trend]] = await Promise.all([
    db
      .select({ n: count() })
      .from(tickets)
      .where(and(scope, inArray(tickets.status, [...TASK_STATUSES]))),
    db
      .select(Object.fromEntries(DAYS.map((i) => [`d${i}`, openAt(ends[i]!)])) as Record<string, SQL<number>>)
      .from(tickets)
      .where(
        and(
          scope,
          lte(tickets.createdAt, ends[6]!),
          or(isNull(tickets.closedAt), gt(tickets.closedAt, ends[0]!)),
        ),
      ),
  ]);
  const n = value?.n ?? 0;
  return { value: n, trend: DAYS.map((i) => (i === 6 ? n : Number(trend?.[`d${i}`] ?? 0))) };
}
