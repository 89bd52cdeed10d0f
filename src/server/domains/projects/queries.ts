import type { ProjectStats } from "@shared/ocr";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { auditLog, projects } from "../../db/schema";

/** The audit action of a register import; the last one is the stats' "last import". */
export const IMPORT_ACTION = "projects.import";

/** Register size, how much of it is demo data, and the last import (from the audit log). */
export async function projectStats(db: DbOrTx): Promise<ProjectStats> {
  const [totals] = await db
    .select({ total: count(), demo: sql<number>`coalesce(sum(${projects.source} = 'demo'), 0)` })
    .from(projects);
  const [last] = await db
    .select({ ts: auditLog.ts, actor: auditLog.actor, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, IMPORT_ACTION)))
    .orderBy(desc(auditLog.ts))
    .limit(1);
  return {
    total: totals?.total ?? 0,
    demo: Number(totals?.demo ?? 0),
    last_import: last
      ? { at: last.ts.toISOString(), by: last.actor, rows: Number(last.details?.rows ?? 0) }
      : null,
  };
}
