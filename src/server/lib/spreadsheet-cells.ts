/**
 * Reading a spreadsheet's cells the way every import does (binder, core boxes): a header cell's key, a cell's
 * text, a date in any of the shapes the firm's files hold, and a schema problem as a sentence naming its column.
 * Dates come as text in several shapes, as spreadsheet serial numbers, or as xlsx date cells.
 */
import { isBlank, isCalendarDate } from "@shared/common";
import { format, isValid, parse } from "date-fns";
import type { Cell } from "./spreadsheet";

/** A blank cell: shared/common's isBlank, named here beside the other cell readers the imports share. */
export { isBlank };

/** A header cell as a key: lower case, letters and digits only ("W.O. Number" → "wonumber"). */
export const headerKey = (cell: Cell) =>
  String(cell ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** A schema problem with a row's cell as a sentence naming its column ("Project must be 200 characters or fewer."). */
export function cellProblem(issue: { path: PropertyKey[]; message: string }, labels: Record<string, string>) {
  if (/^[A-Z].*\.$/.test(issue.message)) return issue.message;
  const key = String(issue.path[0]);
  return `${labels[key] ?? key} ${issue.message}.`;
}

export const cellText = (c: Cell): string => {
  if (c === null) return "";
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  return String(c).trim();
};

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const fail = (error: string): Parsed<never> => ({ ok: false, error });

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
