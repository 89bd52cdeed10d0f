/**
 * The firm's core box spreadsheet layout: which header means which field, and how its own cells (complete,
 * disposition) become values; lib/spreadsheet-cells.ts reads the cells every import shares.
 */
import type { Cell } from "../../lib/spreadsheet";
import { cellText, fail, headerKey, ok, type Parsed } from "../../lib/spreadsheet-cells";

export type ImportField =
  | "work_order"
  | "project"
  | "engineer"
  | "report_submission_date"
  | "storage_expiry_date"
  | "complete"
  | "keep_or_dump"
  | "island"
  | "year";

/** Column labels used in messages (the firm's headers). */
export const FIELD_LABELS: Record<ImportField, string> = {
  work_order: "W.O. Number",
  project: "Project",
  engineer: "Engineer",
  report_submission_date: "Report Submission Date",
  storage_expiry_date: "storage date",
  complete: "Construction Complete?",
  keep_or_dump: "Keep or Dump",
  island: "Island",
  year: "Year",
};

/** The fields in the firm's column order (an export writes them so). */
export const FIELDS = Object.keys(FIELD_LABELS) as ImportField[];

/** Header spellings other than the labels, seen in the firm's files (as headerKey writes them). */
const OTHER_HEADERS: Partial<Record<ImportField, string[]>> = {
  work_order: ["wo", "wono", "workorder", "workordernumber"],
  project: ["projectname"],
  engineer: ["engineerinitials"],
  report_submission_date: ["submissiondate", "submitted"],
  storage_expiry_date: ["storageexpirydate", "expirydate", "expiry"],
  complete: ["complete"],
  keep_or_dump: ["disposition"],
};
const HEADERS = new Map(
  FIELDS.flatMap((f) =>
    [headerKey(FIELD_LABELS[f]), ...(OTHER_HEADERS[f] ?? [])].map((k) => [k, f] as const),
  ),
);

/** Find the header row (a title block may sit above it) and map its columns. */
export function findHeader(
  grid: Cell[][],
): { row: number; columns: Map<number, ImportField>; ignored: string[] } | null {
  for (let r = 0; r < Math.min(grid.length, 20); r++) {
    const cells = grid[r] ?? [];
    if (!cells.some((c) => HEADERS.get(headerKey(c)) === "work_order")) continue;
    const columns = new Map<number, ImportField>();
    const ignored: string[] = [];
    const taken = new Set<ImportField>();
    cells.forEach((c, i) => {
      const field = HEADERS.get(headerKey(c));
      if (field && !taken.has(field)) {
        columns.set(i, field);
        taken.add(field);
      } else if (String(c ?? "").trim()) ignored.push(String(c).trim());
    });
    return { row: r, columns, ignored };
  }
  return null;
}

const YES = new Set(["yes", "y", "true", "x", "1", "complete", "completed", "done"]);
const NO = new Set(["no", "n", "false", "0", "", "incomplete"]);

export function parseCompleteCell(cell: Cell): Parsed<"Yes" | "No"> {
  if (typeof cell === "boolean") return ok(cell ? "Yes" : "No");
  const t = cellText(cell).toLowerCase();
  if (YES.has(t)) return ok("Yes");
  if (NO.has(t)) return ok("No");
  return fail(`${FIELD_LABELS.complete} must be Yes or No (found "${cellText(cell)}").`);
}

export function parseDispositionCell(cell: Cell): Parsed<"Keep" | "Dump" | "Save"> {
  const t = cellText(cell).toLowerCase();
  if (t === "" || t === "keep") return ok("Keep");
  if (t === "dump") return ok("Dump");
  if (t === "save") return ok("Save");
  return fail(`${FIELD_LABELS.keep_or_dump} must be Keep, Dump or Save (found "${cellText(cell)}").`);
}
