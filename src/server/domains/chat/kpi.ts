import type { Kpi } from "@shared/dashboard";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

const DAY = 86_400_000;

/**
 * Dashboard "AI Answers (wk)": answers given in the last seven days (today and the six before it), and how
 * many on each of those days, oldest first. Read from the answer log, which deleting history leaves alone.
 */
export async function aiAnswersKpi(db: Db, now: Date): Promise<Kpi> {
  const endOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
  const since = endOfToday - 7 * DAY;
  const rows = await db.all<{ d: number; n: number }>(sql`
    SELECT cast((ts - ${since}) / ${DAY} AS integer) AS d, count(*) AS n
    FROM chat_answers WHERE ts >= ${since} AND ts < ${endOfToday} GROUP BY d`);
  const perDay = new Map(rows.map((r) => [Number(r.d), Number(r.n)]));
  const trend = Array.from({ length: 7 }, (_, d) => perDay.get(d) ?? 0);
  return { value: trend.reduce((a, b) => a + b, 0), trend };
}
