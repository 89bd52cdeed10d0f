import type { DashboardKpis, Kpi } from "@shared/dashboard";
import type { Actor } from "@shared/permissions";
import type { Db } from "../../db/client";
import type { ServiceCtx } from "../../lib/service-ctx";
import { aiAnswersKpi } from "../chat/service";
import { coreBoxesKpi } from "../core-boxes/service";
import { documentsIndexedKpi } from "../documents/service";
import { openTicketsKpi } from "../tickets/service";

/**
 * Real counts for the KPI cards. Each domain that owns a count plugs its source in here as it is built; a KPI
 * whose domain does not exist yet is zero, never a made-up number.
 */
/** A count as of `now`; a count of things people own is over what `actor` may see. */
export type KpiSource = (db: Db, now: Date, actor: Actor) => Promise<Kpi>;

export const kpiSources: Record<keyof DashboardKpis, KpiSource> = {
  docsIndexed: documentsIndexedKpi,
  coreBoxes: coreBoxesKpi,
  aiAnswersThisWeek: aiAnswersKpi,
  openTasks: openTicketsKpi,
};

/** The four KPI cards as of ctx.now(). */
export async function getKpis(ctx: ServiceCtx): Promise<DashboardKpis> {
  const now = ctx.now();
  const [docsIndexed, coreBoxes, aiAnswersThisWeek, openTasks] = await Promise.all([
    kpiSources.docsIndexed(ctx.db, now, ctx.user),
    kpiSources.coreBoxes(ctx.db, now, ctx.user),
    kpiSources.aiAnswersThisWeek(ctx.db, now, ctx.user),
    kpiSources.openTasks(ctx.db, now, ctx.user),
  ]);
  return { docsIndexed, coreBoxes, aiAnswersThisWeek, openTasks };
}
