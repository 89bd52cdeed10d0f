/**
 * Import from the firm's spreadsheet: a dry run lists every row that would be refused and why; the import
 * itself writes all rows in one transaction, or none when any row is refused.
 */
import {
  type CoreBoxImportResult,
  coreBoxImportForm,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
} from "@shared/core-boxes";
import type { z } from "zod";
import { coreBoxes } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError, badRequest } from "../../lib/errors";
import { recordChanges } from "../../lib/history";
import { inImportTurn } from "../../lib/import-turn";
import type { ServiceCtx } from "../../lib/service-ctx";
import { type Cell, readSpreadsheet } from "../../lib/spreadsheet";
import { cellText, isBlank } from "../../lib/spreadsheet-cells";
import { findHeader, type ImportField } from "./import-cells";
import { type Candidate, previewOf, readRow, rejectLiveWorkOrders } from "./import-rows";
import { boxChange, isUniqueViolation, newRecord } from "./writes";

export const importFormInput = coreBoxImportForm;
const PREVIEW_ROWS = 100;

export async function importBoxes(ctx: ServiceCtx, input: z.infer<typeof coreBoxImportForm>) {
  const file = input.file;
  const fileName = (file as File).name || "upload";
  if (file.size === 0) throw badRequest("The file is empty.");
  if (file.size > IMPORT_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  }
  return inImportTurn(ctx, file.size, async () => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const grid = await readSpreadsheet(ctx, bytes, { maxRows: IMPORT_MAX_ROWS });
    return importGrid(ctx, grid, { fileName, dryRun: input.dry_run === true });
  });
}

async function importGrid(
  ctx: ServiceCtx,
  grid: Cell[][],
  { fileName, dryRun }: { fileName: string; dryRun: boolean },
): Promise<CoreBoxImportResult> {
  const header = findHeader(grid);
  if (!header) {
    throw badRequest(
      "No W.O. Number column found. The first rows must hold the headers: W.O. Number, Project, Engineer, Report Submission Date, storage date, Construction Complete?, Keep or Dump.",
    );
  }
  const months = ctx.settings.CORE_BOX_EXPIRY_MONTHS;
  const candidates: Candidate[] = [];
  const rejected: CoreBoxImportResult["rejected"] = [];
  const firstRowOf = new Map<string, number>();
  let rows = 0;
  for (let i = header.row + 1; i < grid.length; i++) {
    const cells = grid[i] ?? [];
    if (cells.every(isBlank)) continue;
    if (++rows > IMPORT_MAX_ROWS)
      throw badRequest(`The file has more than ${IMPORT_MAX_ROWS} rows; split it.`);
    const rowNumber = i + 1;
    const byField = new Map<ImportField, Cell>();
    for (const [col, field] of header.columns) byField.set(field, cells[col] ?? null);
    const { values, errors } = readRow(byField, months);
    const wo = values?.workOrder ?? cellText(byField.get("work_order") ?? null).toUpperCase();
    if (values) {
      const first = firstRowOf.get(values.workOrder);
      if (first !== undefined) errors.push(`Work Order ${values.workOrder} is also on row ${first}.`);
      else firstRowOf.set(values.workOrder, rowNumber);
    }
    if (errors.length || !values) rejected.push({ row: rowNumber, work_order: wo, errors });
    else candidates.push({ row: rowNumber, values });
  }
  await rejectLiveWorkOrders(ctx.db, candidates, rejected);
  const refused = new Set(rejected.map((r) => r.row));
  const valid = candidates.filter((c) => !refused.has(c.row));
  rejected.sort((a, b) => a.row - b.row);

  const result: CoreBoxImportResult = {
    ok: rejected.length === 0,
    dry_run: dryRun,
    file_name: fileName,
    rows,
    valid: valid.length,
    imported: 0,
    rejected,
    preview: valid.slice(0, PREVIEW_ROWS).map((c) => previewOf(c.values)),
    ignored_columns: header.ignored,
    message: "",
  };
  if (!dryRun && result.ok && valid.length) result.imported = await writeAll(ctx, valid, fileName);
  result.message = summary(result);
  return result;
}

async function writeAll(ctx: ServiceCtx, rows: Candidate[], fileName: string): Promise<number> {
  const w = { user: ctx.user.email, now: ctx.now(), batchId: crypto.randomUUID() };
  try {
    return await ctx.db.transaction(async (tx) => {
      let written = 0;
      for (let i = 0; i < rows.length; i += 100) {
        const chunk = rows.slice(i, i + 100).map((r) => newRecord(r.values, w));
        const inserted = await tx.insert(coreBoxes).values(chunk).returning();
        const changes = inserted.map((b) => boxChange("import", null, b, w));
        await recordChanges(tx, changes);
        written += inserted.length;
      }
      const details = { count: written, batch_id: w.batchId };
      await recordAudit(tx, { actor: w.user, action: "core_box.import", target: fileName, details }, w.now);
      return written;
    });
  } catch (err) {
    throw isUniqueViolation(err)
      ? new AppError(
          "CONFLICT",
          "A box with one of these work orders was added meanwhile; nothing was imported. Preview the file again.",
        )
      : err;
  }
}

function summary(r: CoreBoxImportResult): string {
  const rows = (n: number) => `${n} ${n === 1 ? "row" : "rows"}`;
  if (r.rows === 0) return "The file has no data rows.";
  if (r.dry_run) {
    return r.rejected.length
      ? `${rows(r.valid)} ready to import; ${rows(r.rejected.length)} would be rejected.`
      : `${rows(r.valid)} ready to import.`;
  }
  if (!r.ok)
    return `Nothing imported: ${rows(r.rejected.length)} ${r.rejected.length === 1 ? "has" : "have"} problems. Fix them and import again.`;
  return `${r.imported} ${r.imported === 1 ? "box" : "boxes"} imported.`;
}
