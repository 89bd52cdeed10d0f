import type { Kpi } from "@shared/dashboard";
import type { Db } from "../../db/client";
import { activityByDay, trendWindow } from "../../lib/activity";

/**
 * Dashboard "AI Answers (wk)": answers given in the last seven days (today and the six before it), and how
 * many on each of those days, oldest first. Counted from the answer log (which deleting history leaves alone)
 * by its activity counter.
 */
export async function aiAnswersKpi(db: Db, now: Date): Promise<Kpi> {
  const trend = await activityByDay(db, "ai_answers", trendWindow(now));
  return { value: trend.reduce((a, b) => a + b, 0), trend };
}
