import type { ImportOptions, ImportReport } from "@shared/ocr";
import { can, REFUSED } from "@shared/permissions";
import type { WorkOrderRef } from "@shared/work-orders";
import { count, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { projects } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { forbidden } from "../../lib/errors";
import { inImportTurn } from "../../lib/import-turn";
import type { ServiceCtx } from "../../lib/service-ctx";
import type { RegisterLookup } from "../../ocr/photos/register-check";
import { findRegisterLines } from "./find";
import { registerLines } from "./lookup";
import { IMPORT_ACTION, projectStats } from "./queries";
import { type RegisterSheet, readRegisterFile } from "./register-file";
import { checkRegister, type RegisterProject } from "./register-rows";
import { registerLine } from "./work-order-line";

const LISTED_REJECTIONS = 200;
const CHUNK = 500;

/** Admins and Owners import the register; REST asks before reading an upload it would refuse anyway. */
export function admitRegisterImport(ctx: ServiceCtx) {
  if (!can(ctx.user, "projects.import")) throw forbidden(REFUSED["projects.import"]);
}

/**
 * The project register's import (Admins and Owners): check a register file and, unless it is a dry run, apply
 * it in one transaction: new work orders are added, known ones updated; with `replace` the register becomes
 * exactly the file (demo rows included go).
 */
export async function importRegister(
  ctx: ServiceCtx,
  input: ImportOptions & { bytes: Uint8Array },
): Promise<ImportReport> {
  admitRegisterImport(ctx);
  return inImportTurn(ctx, input.bytes.length, async () =>
    applyRegister(ctx, await readRegisterFile(ctx, input.bytes), input),
  );
}

async function applyRegister(
  ctx: ServiceCtx,
  sheet: RegisterSheet,
  input: ImportOptions,
): Promise<ImportReport> {
  const { db } = ctx;
  const checked = checkRegister(sheet);
  const existing = await countExisting(db, checked.projects);
  const [{ n: before } = { n: 0 }] = await db.select({ n: count() }).from(projects);
  const report: ImportReport = {
    dry_run: input.dry_run,
    replace: input.replace,
    rows: sheet.rows.length,
    accepted: checked.projects.length,
    added: checked.projects.length - existing,
    updated: existing,
    removed: input.replace ? before - existing : 0,
    rejected: checked.rejected.slice(0, LISTED_REJECTIONS),
    rejected_total: checked.rejected.length,
    columns: checked.columns,
  };
  if (input.dry_run) return report;
  await db.transaction(async (tx) => {
    if (input.replace) await tx.delete(projects);
    const at = ctx.now();
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
        actor: ctx.user.email,
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

/** The demo register's project for a work order: other domains' demo rows name the same project (demo-names.ts). */
export { demoProjectName } from "./demo-names";
/** Work Order Recognition's look-up and a work order's page read the register (any signed-in person). */
export { lookupWorkOrders } from "./lookup";

/**
 * The register as photo readings are checked against it (ocr/photos/register-check.ts), by the one rule the
 * work order page and the Matches use.
 */
export const registerForReadings =
  (db: DbOrTx): RegisterLookup =>
  async (workOrders) =>
    (await registerLines(db, workOrders)).map(
      (l) =>
        l && { work_order: l.work_order, project: l.project, client: l.client, from_base: !!l.from_base },
    );
export const workOrderRegisterLine = (ctx: ServiceCtx, ref: WorkOrderRef) => registerLine(ctx.db, ref);

/** The register's figures (Work Order Recognition's header): every signed-in person. */
export const registerStats = (ctx: ServiceCtx) => projectStats(ctx.db);

/**
 * The register's lines by number prefix, client or project name (the one search, the Work Orders finder):
 * every signed-in person reads the register.
 */
export const findWorkOrders = (ctx: ServiceCtx, input: { q: string; limit: number }) =>
  findRegisterLines(ctx.db, input);
