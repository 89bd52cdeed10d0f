import type { DashboardKpis, Kpi } from "@shared/dashboard";
import type { Db } from "../../db/client";
import { aiAnswersKpi } from "../chat/kpi";
import { coreBoxesKpi } from "../core-boxes/kpi";
import { documentsIndexedKpi } from "../documents/kpi";
import { openTicketsKpi } from "../tickets/kpi";

/**
 * Real counts for the KPI cards. Each domain that owns a count plugs its source in here as it is built; a KPI
 * whose domain does not exist yet is zero, never a made-up number.
 */
export type KpiSource = (db: Db, now: Date) => Promise<Kpi>;

export const kpiSources: Record<keyof DashboardKpis, KpiSource> = {
  docsIndexed: documentsIndexedKpi,
  coreBoxes: coreBoxesKpi,
  aiAnswersThisWeek: aiAnswersKpi,
  openTasks: openTicketsKpi,
};

export async function getKpis(deps: { db: Db; now?: Date }): Promise<DashboardKpis> {
  const now = deps.now ?? new Date();
  const [docsIndexed, coreBoxes, aiAnswersThisWeek, openTasks] = await Promise.all([
    kpiSources.docsIndexed(deps.db, now),
    kpiSources.coreBoxes(deps.db, now),
    kpiSources.aiAnswersThisWeek(deps.db, now),
    kpiSources.openTasks(deps.db, now),
  ]);
  return { docsIndexed, coreBoxes, aiAnswersThisWeek, openTasks };
}
