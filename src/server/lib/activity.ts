import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { QUARTER_HOUR_MS } from "../db/extras-dashboard";
import { preparedPer } from "../db/prepared";
import { activityCounts } from "../db/schema";

export const DAY_MS = 86_400_000;
/** Days in a KPI card's sparkline: today and the six before it. */
export const TREND_DAYS = 7;

/** The sparkline's days: from local midnight six days ago to the end of today. */
export function trendWindow(now: Date) {
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  return { since: end - TREND_DAYS * DAY_MS, end };
}

/** The day of the window a time falls on (0 = the oldest). */
const dayOf = (since: number, ts: number) => Math.floor((ts - since) / DAY_MS);

/**
 * A count at the end of each day of the window, oldest first, worked back from its value now: what was added
 * on a later day is taken off (`netPerDay[d]`: added minus removed on day d).
 */
export function countsBack(value: number, netPerDay: (day: number) => number): number[] {
  const trend: number[] = new Array(TREND_DAYS);
  let n = value;
  for (let day = TREND_DAYS - 1; day >= 0; day--) {
    trend[day] = n;
    n -= netPerDay(day);
  }
  return trend;
}

const activityRows = preparedPer((db: Db) =>
  db
    .select({ quarter: activityCounts.quarter, n: activityCounts.n })
    .from(activityCounts)
    .where(
      and(
        eq(activityCounts.metric, sql.placeholder("metric")),
        gte(activityCounts.quarter, sql.placeholder("from")),
        lt(activityCounts.quarter, sql.placeholder("to")),
      ),
    )
    .prepare(),
);

/** An activity counter's sums for each day of the window (activity_counts, a few hundred rows at most). */
export async function activityByDay(
  db: Db,
  metric: (typeof activityCounts.$inferSelect)["metric"],
  window: { since: number; end: number },
): Promise<number[]> {
  const rows = await activityRows(db).all({
    metric,
    from: Math.floor(window.since / QUARTER_HOUR_MS),
    to: Math.ceil(window.end / QUARTER_HOUR_MS),
  });
  const perDay = new Array<number>(TREND_DAYS).fill(0);
  for (const r of rows) {
    const day = dayOf(window.since, r.quarter * QUARTER_HOUR_MS);
    if (day >= 0 && day < TREND_DAYS) perDay[day]! += r.n;
  }
  return perDay;
}
