/**
 * Import from the firm's binder spreadsheet (Page #, Date, Date Sent, Work Order #, Engineer's Initials,
 * Billing; CSV or .xlsx; dates as text or serial numbers). A dry run lists every refused row and why; the
 * import writes all rows in one transaction, or none when any row is refused.
 */
import {
  BINDER_IMPORT_MAX_BYTES,
  BINDER_IMPORT_MAX_ROWS,
  type BinderImportResult,
  type BinderRow,
  binderCreateInput,
  type binderImportInput,
} from "@shared/reports-binder";
import type { z } from "zod";
import { reportsBinder as rb } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError, badRequest } from "../../lib/errors";
import { recordChanges } from "../../lib/history";
import { inImportTurn } from "../../lib/import-turn";
import type { ServiceCtx } from "../../lib/service-ctx";
import { type Cell, readSpreadsheet } from "../../lib/spreadsheet";
// The date and cell readers of the core box import: one set of rules for the firm's spreadsheets.
import { cellProblem, cellText, headerKey, isBlank, parseDateCell } from "../../lib/spreadsheet-cells";
import { toBinderRow } from "./queries";
import { BINDER_ENTITY } from "./service";

type Field =
  | "page_label"
  | "date"
  | "date_sent"
  | "work_order"
  | "engineer_initials"
  | "billing"
  | "pdf_file";
const HEADERS: Record<string, Field> = {
  page: "page_label",
  pageno: "page_label",
  date: "date",
  datesent: "date_sent",
  sent: "date_sent",
  workorder: "work_order",
  wo: "work_order",
  workordernumber: "work_order",
  engineersinitials: "engineer_initials",
  engineerinitials: "engineer_initials",
  initials: "engineer_initials",
  billing: "billing",
  pdffile: "pdf_file",
  file: "pdf_file",
};
const LABEL: Record<Field, string> = {
  page_label: "Page #",
  date: "Date",
  date_sent: "Date Sent",
  work_order: "Work Order #",
  engineer_initials: "Engineer's Initials",
  billing: "Billing",
  pdf_file: "File",
};

function findHeader(grid: Cell[][]) {
  for (let r = 0; r < Math.min(grid.length, 20); r++) {
    const cells = grid[r] ?? [];
    if (!cells.some((c) => HEADERS[headerKey(c)] === "work_order")) continue;
    const columns = new Map<number, Field>();
    cells.forEach((c, i) => {
      const f = HEADERS[headerKey(c)];
      if (f && ![...columns.values()].includes(f)) columns.set(i, f);
    });
    return { row: r, columns };
  }
  return null;
}

export async function importBinder(
  ctx: ServiceCtx,
  input: z.infer<typeof binderImportInput>,
): Promise<BinderImportResult> {
  const file = input.file;
  if (file.size === 0) throw badRequest("The file is empty.");
  if (file.size > BINDER_IMPORT_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", "The file is larger than 10 MB.");
  return inImportTurn(ctx, file.size, async () => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const grid = await readSpreadsheet(ctx, bytes, { maxRows: BINDER_IMPORT_MAX_ROWS });
    return importGrid(ctx, grid, input.dry_run === true);
  });
}

async function importGrid(ctx: ServiceCtx, grid: Cell[][], dryRun: boolean): Promise<BinderImportResult> {
  const header = findHeader(grid);
  if (!header)
    throw badRequest(
      "No Work Order # column found. The headers must include Page #, Date, Date Sent, Work Order #, Engineer's Initials, Billing.",
    );
  const valid: z.infer<typeof binderCreateInput>[] = [];
  const rejected: BinderImportResult["rejected"] = [];
  let rows = 0;
  for (let i = header.row + 1; i < grid.length; i++) {
    const cells = grid[i] ?? [];
    if (cells.every(isBlank)) continue;
    if (++rows > BINDER_IMPORT_MAX_ROWS)
      throw badRequest(`The file has more than ${BINDER_IMPORT_MAX_ROWS} rows; split it.`);
    const errors: string[] = [];
    const raw: Record<string, string> = {};
    for (const [col, field] of header.columns) {
      const cell = cells[col] ?? null;
      if (field === "date" || field === "date_sent") {
        const parsed = parseDateCell(cell, LABEL[field]);
        if (parsed.ok) raw[field] = parsed.value ?? "";
        else errors.push(parsed.error);
      } else raw[field] = cellText(cell);
    }
    const parsed = binderCreateInput.safeParse(raw);
    if (!parsed.success) errors.push(...parsed.error.issues.map((x) => cellProblem(x, LABEL)));
    if (errors.length || !parsed.success)
      rejected.push({ row: i + 1, work_order: (raw.work_order ?? "").toUpperCase(), errors });
    else valid.push(parsed.data);
  }
  const result: BinderImportResult = {
    ok: rejected.length === 0,
    dry_run: dryRun,
    rows,
    valid: valid.length,
    imported: 0,
    rejected,
    message: "",
  };
  if (!result.dry_run && result.ok && valid.length) result.imported = await writeAll(ctx, valid);
  result.message = result.imported
    ? `Imported ${result.imported} row(s).`
    : result.ok
      ? `${valid.length} row(s) ready to import.`
      : `${rejected.length} row(s) refused; nothing ${result.dry_run ? "would be" : "was"} imported.`;
  return result;
}

async function writeAll(ctx: ServiceCtx, rows: z.infer<typeof binderCreateInput>[]) {
  const now = ctx.now();
  const user = ctx.user.email;
  const batchId = crypto.randomUUID();
  return ctx.db.transaction(async (tx) => {
    let written = 0;
    for (let i = 0; i < rows.length; i += 200) {
      const inserted = await tx
        .insert(rb)
        .values(
          rows.slice(i, i + 200).map((v) => ({
            pdfFile: v.pdf_file ?? "",
            date: v.date || null,
            workOrder: v.work_order,
            engineerInitials: v.engineer_initials ?? "",
            billing: v.billing ?? "",
            dateSent: v.date_sent || null,
            pageLabel: v.page_label ?? "",
            createdBy: user,
            updatedBy: user,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning();
      await recordChanges<BinderRow>(
        tx,
        inserted.map((r) => ({
          kind: BINDER_ENTITY,
          entityId: r.id,
          action: "import" as const,
          workOrder: r.workOrder,
          user,
          before: null,
          after: toBinderRow(r),
          batchId,
          now,
        })),
      );
      written += inserted.length;
    }
    await recordAudit(
      tx,
      { actor: user, action: "binder.import", target: `${written} rows`, details: { batchId } },
      now,
    );
    return written;
  });
}
