import type { Kpi } from "@shared/dashboard";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { summaryCount } from "./list-plan";

const DAY = 86_400_000;

/**
 * Dashboard "Core Boxes": boxes in storage now, and the count at the end of each of the last 7 days (oldest
 * first), worked back from the change history: boxes added after a day are taken off, removals put back.
 */
export async function coreBoxesKpi(db: Db, now: Date): Promise<Kpi> {
  const value = await summaryCount(db, {});
  const endOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  const since = endOfToday - 7 * DAY;
  const rows = await db.all<{ d: number; delta: number }>(sql`
    SELECT cast((ts - ${since}) / ${DAY} AS integer) AS d,
           sum(CASE WHEN action = 'delete' THEN 1 ELSE -1 END) AS delta
    FROM change_records
    WHERE kind = 'core_box' AND ts >= ${since} AND action IN ('create', 'import', 'restore', 'delete')
    GROUP BY d`);
  const delta = new Map(rows.map((r) => [Number(r.d), Number(r.delta)]));
  const trend: number[] = [];
  for (let day = 0; day < 7; day++) {
    let n = value;
    for (let later = day + 1; later < 7; later++) n += delta.get(later) ?? 0;
    trend.push(n);
  }
  return { value, trend };
}
