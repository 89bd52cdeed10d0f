import type { ImportOptions, ImportReport, ProjectStats } from "@shared/ocr";
import type { Actor } from "@shared/permissions";
import { can } from "@shared/permissions";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { auditLog, projects } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { forbidden } from "../../lib/errors";
import { readRegisterFile } from "./register-file";
import { checkRegister, type RegisterProject } from "./register-rows";

export interface ProjectsDeps {
  db: Db;
  actor: Actor;
  now?: () => Date;
}

const LISTED_REJECTIONS = 200;
const CHUNK = 500;
const IMPORT_ACTION = "projects.import";

/** The project register: import (Admins and Owners) and its figures. */
export function createProjectsService(deps: ProjectsDeps) {
  const { db, actor } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Check a register file and, unless it is a dry run, apply it in one transaction: new work orders are added,
   * known ones updated; with `replace` the register becomes exactly the file (demo rows included go).
   */
  async function importRegister(bytes: Uint8Array, options: ImportOptions): Promise<ImportReport> {
    if (!can(actor, "projects.import"))
      throw forbidden("Only Admins and Owners can import the project register.");
    const sheet = await readRegisterFile(bytes);
    const checked = checkRegister(sheet);
    const existing = await countExisting(db, checked.projects);
    const [{ n: before } = { n: 0 }] = await db.select({ n: count() }).from(projects);
    const report: ImportReport = {
      dry_run: options.dry_run,
      replace: options.replace,
      rows: sheet.rows.length,
      accepted: checked.projects.length,
      added: checked.projects.length - existing,
      updated: existing,
      removed: options.replace ? before - existing : 0,
      rejected: checked.rejected.slice(0, LISTED_REJECTIONS),
      rejected_total: checked.rejected.length,
      columns: checked.columns,
    };
    if (options.dry_run) return report;
    await db.transaction(async (tx) => {
      if (options.replace) await tx.delete(projects);
      const at = now();
      for (let i = 0; i < checked.projects.length; i += CHUNK) {
        const rows = checked.projects.slice(i, i + CHUNK).map((p) => ({ ...p, source: "import" as const }));
        await tx
          .insert(projects)
          .values(rows.map((r) => ({ ...r, createdAt: at, updatedAt: at })))
          .onConflictDoUpdate({ target: projects.woKey, set: fromExcluded(at) });
      }
      await recordAudit(
        tx,
        {
          actor: actor.email,
          action: IMPORT_ACTION,
          target: "projects",
          details: {
            rows: report.rows,
            added: report.added,
            updated: report.updated,
            removed: report.removed,
          },
        },
        at,
      );
    });
    return report;
  }

  return { importRegister };
}

/** How many of the file's work orders the register already has (chunked IN lists on the key index). */
async function countExisting(db: DbOrTx, rows: RegisterProject[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const keys = rows.slice(i, i + CHUNK).map((r) => r.woKey);
    const [row] = await db.select({ n: count() }).from(projects).where(inArray(projects.woKey, keys));
    n += row?.n ?? 0;
  }
  return n;
}

const fromExcluded = (at: Date) => ({
  workOrder: sql`excluded.work_order`,
  client: sql`excluded.client`,
  project: sql`excluded.project`,
  pr: sql`excluded.pr`,
  date: sql`excluded.date`,
  principalEngineer: sql`excluded.principal_engineer`,
  invoiceNumber: sql`excluded.invoice_number`,
  finalReportDate: sql`excluded.final_report_date`,
  source: sql`excluded.source`,
  updatedAt: at,
});

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
