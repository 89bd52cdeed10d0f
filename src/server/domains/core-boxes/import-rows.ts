/** One spreadsheet row → the box it would create, or the reasons it is refused. */
import { type CoreBoxImportResult, coreBoxCreateInput } from "@shared/core-boxes";
import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { coreBoxes } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Cell } from "../../lib/spreadsheet";
import { cellProblem, cellText, parseDateCell } from "../../lib/spreadsheet-cells";
import { FIELD_LABELS, type ImportField, parseCompleteCell, parseDispositionCell } from "./import-cells";
import { type BoxValues, valuesForCreate } from "./rules";

export interface Candidate {
  row: number;
  values: BoxValues;
}

export function readRow(
  byField: Map<ImportField, Cell>,
  months: number,
): { values: BoxValues | null; errors: string[] } {
  const errors: string[] = [];
  const get = (f: ImportField) => byField.get(f) ?? null;
  const date = (f: "report_submission_date" | "storage_expiry_date") => {
    const p = parseDateCell(get(f), FIELD_LABELS[f]);
    if (!p.ok) errors.push(p.error);
    return p.ok ? p.value : null;
  };
  const submission = date("report_submission_date");
  const expiry = date("storage_expiry_date");
  const complete = parseCompleteCell(get("complete"));
  if (!complete.ok) errors.push(complete.error);
  const disposition = parseDispositionCell(get("keep_or_dump"));
  if (!disposition.ok) errors.push(disposition.error);
  const parsed = coreBoxCreateInput.safeParse({
    work_order: cellText(get("work_order")),
    project: cellText(get("project")),
    engineer: cellText(get("engineer")),
    island: cellText(get("island")),
    year: cellText(get("year")),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.push(cellProblem(issue, FIELD_LABELS));
  }
  if (errors.length || !parsed.success) return { values: null, errors };
  try {
    const values = valuesForCreate(
      {
        ...parsed.data,
        report_submission_date: submission,
        storage_expiry_date: expiry,
        complete: complete.ok ? complete.value : "No",
        keep_or_dump: disposition.ok ? disposition.value : "Keep",
      },
      months,
    );
    return { values, errors };
  } catch (err) {
    if (err instanceof AppError) return { values: null, errors: [err.message] };
    throw err;
  }
}

/** A work order already held by a box in storage refuses the row (checked in chunks, with the unique index). */
export async function rejectLiveWorkOrders(
  db: DbOrTx,
  candidates: Candidate[],
  rejected: CoreBoxImportResult["rejected"],
) {
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500);
    const wos = chunk.map((c) => c.values.workOrder);
    const live = await db
      .select({ id: coreBoxes.id, workOrder: coreBoxes.workOrder })
      .from(coreBoxes)
      .where(inArray(coreBoxes.workOrder, wos));
    const byWo = new Map(live.map((l) => [l.workOrder, l.id]));
    for (const c of chunk) {
      const id = byWo.get(c.values.workOrder);
      if (id !== undefined) {
        rejected.push({
          row: c.row,
          work_order: c.values.workOrder,
          errors: [`Work Order ${c.values.workOrder} is already in storage (box #${id}).`],
        });
      }
    }
  }
}

export function previewOf(v: BoxValues): CoreBoxImportResult["preview"][number] {
  return {
    work_order: v.workOrder,
    project: v.project,
    engineer: v.engineer,
    report_submission_date: v.reportSubmissionDate,
    storage_expiry_date: v.storageExpiryDate,
    complete: v.complete,
    keep_or_dump: v.keepOrDump,
    island: v.island,
    year: v.year,
  };
}
