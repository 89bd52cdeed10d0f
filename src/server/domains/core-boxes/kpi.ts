import type { Kpi } from "@shared/dashboard";
import type { Db } from "../../db/client";
import { activityByDay, countsBack, trendWindow } from "../../lib/activity";
import { summaryCount } from "./list";

/**
 * Dashboard "Core Boxes": boxes in storage now, and the count at the end of each of the last 7 days (oldest
 * first), worked back from the change history's net count per day (boxes created, imported or restored, less
 * boxes removed).
 */
export async function coreBoxesKpi(db: Db, now: Date): Promise<Kpi> {
  const [value, net] = await Promise.all([
    summaryCount(db),
    activityByDay(db, "core_boxes_net", trendWindow(now)),
  ]);
  return { value, trend: countsBack(value, (day) => net[day]!) };
}
