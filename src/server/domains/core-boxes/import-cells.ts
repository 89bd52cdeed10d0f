/**
 * The firm's spreadsheet layout: which header means which field, and how a cell becomes a value. Dates come as
 * text in several shapes, as spreadsheet serial numbers, or as xlsx date cells.
 */
import { isBlank, isCalendarDate } from "@shared/common";
import { format, isValid, parse } from "date-fns";
import type { Cell } from "../../lib/spreadsheet";

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

export const headerKey = (cell: Cell) =>
  String(cell ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

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

/** A schema problem with a row's cell as a sentence naming its column ("Project must be 200 characters or fewer."). */
export function cellProblem(issue: { path: PropertyKey[]; message: string }, labels: Record<string, string>) {
  if (/^[A-Z].*\.$/.test(issue.message)) return issue.message;
  const key = String(issue.path[0]);
  return `${labels[key] ?? key} ${issue.message}.`;
}

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

/** A blank cell: shared/common's isBlank, named here beside the other cell readers the imports share. */
export { isBlank };

export const cellText = (c: Cell): string => {
  if (c === null) return "";
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  return String(c).trim();
};

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (error: string): Parsed<never> => ({ ok: false, error });

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** Serial day numbers 10000–109573 (1927-05-18 … 2199-12-31); smaller numbers are more likely years or typos. */
function fromSerial(n: number): string | null {
  if (n < 10000 || n > 109573) return null;
  const d = new Date(EXCEL_EPOCH + Math.floor(n) * 86_400_000);
  return ymd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

const NAMED_FORMATS = [
  "MMM d, yyyy",
  "MMMM d, yyyy",
  "MMM d yyyy",
  "MMMM d yyyy",
  "d-MMM-yyyy",
  "d-MMM-yy",
  "d MMM yyyy",
];

/** A date cell → YYYY-MM-DD, null when blank, or a message saying why not. US order (M/D/Y) for slashes. */
export function parseDateCell(cell: Cell, label: string): Parsed<string | null> {
  if (isBlank(cell)) return ok(null);
  if (cell instanceof Date) {
    // xlsx dates are stored as UTC midnight of the calendar day.
    return ok(ymd(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate()));
  }
  const text = String(cell).trim();
  const bad = fail(`${label} "${text}" is not a real calendar date.`);
  if (typeof cell === "number" || /^\d+(\.\d+)?$/.test(text)) {
    const iso = fromSerial(Number(text));
    return iso ? ok(iso) : fail(`${label} "${text}" is not a date.`);
  }
  let m = text.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/);
  if (m) {
    const iso = ymd(Number(m[1]), Number(m[2]), Number(m[3]));
    return isCalendarDate(iso) ? ok(iso) : bad;
  }
  m = text.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/);
  if (m) {
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) - (Number(m[3]) >= 70 ? 100 : 0) : Number(m[3]);
    const iso = ymd(y, Number(m[1]), Number(m[2]));
    return isCalendarDate(iso) ? ok(iso) : bad;
  }
  for (const f of NAMED_FORMATS) {
    const d = parse(text, f, new Date(2000, 0, 1));
    if (isValid(d) && format(d, f).toLowerCase() === text.toLowerCase()) {
      const iso = format(d, "yyyy-MM-dd");
      return isCalendarDate(iso) ? ok(iso) : bad;
    }
  }
  return fail(`${label} "${text}" is not a date (use YYYY-MM-DD, M/D/YYYY or a spreadsheet date).`);
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
