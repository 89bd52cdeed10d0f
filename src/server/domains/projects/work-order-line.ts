import type { WorkOrderProject, WorkOrderRef } from "@shared/work-orders";
import { and, asc, gte, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { projects } from "../../db/schema";

/** The register's line: the exact work order, else the base number's; a base without a line takes its first letter's. */
export async function registerLine(db: Db, ref: WorkOrderRef): Promise<WorkOrderProject | null> {
  const rows = await db
    .select()
    .from(projects)
    .where(and(gte(projects.woKey, ref.base), lt(projects.woKey, `${ref.base}(~`)))
    .orderBy(asc(projects.woKey))
    .limit(30);
  const own = ref.suffix ? `${ref.base}(${ref.suffix})` : ref.base;
  const row =
    rows.find((r) => r.woKey === own) ??
    rows.find((r) => r.woKey === ref.base) ??
    (ref.suffix ? undefined : rows.find((r) => r.woKey.startsWith(`${ref.base}(`)));
  if (!row) return null;
  return {
    work_order: row.workOrder,
    client: row.client,
    project: row.project,
    pr: row.pr,
    principal_engineer: row.principalEngineer,
    date: row.date,
    final_report_date: row.finalReportDate,
  };
}
