import { hasInvisible, INVISIBLE_TEXT } from "@shared/invisible-text";
import type { ImportRejection } from "@shared/ocr";
import { workOrderKey } from "@shared/work-orders";
import { isValid } from "date-fns/isValid";
import { parse } from "date-fns/parse";
import { badRequest } from "../../lib/errors";
import type { Cell, RegisterSheet } from "./register-file";

/** The register's columns (spec: Date, Client, Project Name, PR Number, Work Order Number, …) and other spellings. */
const COLUMNS = {
  workOrder: ["Work Order Number", "workorder", "workorderno", "wo", "wonumber", "wono"],
  date: ["Date"],
  client: ["Client", "clientname"],
  project: ["Project Name", "project"],
  pr: ["PR Number", "pr", "prno"],
  principalEngineer: ["Principal Engineer", "engineer", "pe"],
  invoiceNumber: ["Invoice Number", "invoice", "invoiceno"],
  finalReportDate: ["Final Report Date", "finalreport"],
} as const;
export type RegisterField = keyof typeof COLUMNS;

export interface RegisterProject {
  workOrder: string;
  woKey: string;
  client: string;
  project: string;
  pr: string;
  date: string;
  principalEngineer: string;
  invoiceNumber: string;
  finalReportDate: string;
}
export interface CheckedRegister {
  columns: string[];
  projects: RegisterProject[];
  rejected: ImportRejection[];
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
const TEXT_MAX = 300;
/** The work order at the start of a cell; the rest may carry a date: `1234-56 (3/10/21)`. */
const WORK_ORDER_CELL =
  /^\s*(?:W\.?\s*\/?\s*O\.?\s*(?:NO\.?|#)?\s*[:#]?\s*)?(\d{4}(?:\s*[-\u2010-\u2015]\s*\d{2,3}(?:\s*\(\s*[A-Za-z]\s*\)|[A-Za-z](?![A-Za-z]))?)?)(?![\d-])(.*)$/i;
const DATE_FORMATS = [
  "yyyy-MM-dd",
  "M/d/yyyy",
  "M/d/yy",
  "M-d-yyyy",
  "M-d-yy",
  "MMMM d, yyyy",
  "MMM d, yyyy",
  "MMM d yyyy",
  "d-MMM-yy",
  "d-MMM-yyyy",
  "d MMMM yyyy",
  "yyyy/MM/dd",
];
const REFERENCE = new Date(2000, 0, 1);

/** Which register field each header names; a file without a work-order column is refused as a whole. */
export function mapColumns(headers: string[]): Map<RegisterField, number> {
  const map = new Map<RegisterField, number>();
  headers.forEach((h, i) => {
    const key = squash(h);
    for (const [field, names] of Object.entries(COLUMNS) as [RegisterField, readonly string[]][]) {
      if (!map.has(field) && names.some((n) => squash(n) === key)) map.set(field, i);
    }
  });
  if (!map.has("workOrder")) throw badRequest("The file has no Work Order Number column.");
  return map;
}

/** Every row checked: accepted projects, and rejected rows with the reason a person can act on. */
export function checkRegister(sheet: RegisterSheet): CheckedRegister {
  const map = mapColumns(sheet.headers);
  const seen = new Map<string, number>();
  const projects: RegisterProject[] = [];
  const rejected: ImportRejection[] = [];
  for (const [i, cells] of sheet.rows.entries()) {
    const row = sheet.rowNumbers[i] ?? i + 2;
    const get = (f: RegisterField) => {
      const at = map.get(f);
      return at === undefined ? "" : (cells[at] ?? "");
    };
    const result = checkRow(get, seen);
    if ("reason" in result) {
      rejected.push({ row, work_order: cleanText(get("workOrder")), reason: result.reason });
      continue;
    }
    seen.set(result.woKey, row);
    projects.push(result);
  }
  const columns = [...map.keys()].map((f) => COLUMNS[f][0]);
  return { columns, projects, rejected };
}

function checkRow(
  get: (f: RegisterField) => Cell,
  seen: Map<string, number>,
): RegisterProject | { reason: string } {
  const text = (f: RegisterField) => cleanText(get(f));
  // The same rule as every text field of the portal (invisible-text.ts), with the column's name.
  const hidden = (Object.keys(COLUMNS) as RegisterField[]).find((f) => hasInvisible(text(f)));
  if (hidden) return { reason: `${COLUMNS[hidden][0]} ${INVISIBLE_TEXT}.` };
  const rawWo = text("workOrder");
  if (!rawWo) return { reason: "Work Order Number is empty." };
  const m = WORK_ORDER_CELL.exec(rawWo);
  if (!m) return { reason: "Work Order Number is not a work order (1234, 1234-56, 1234-56A or 1234-56(A))." };
  const workOrder = m[1]!
    .replace(/\s+/g, "")
    .replace(/[\u2010-\u2015]/g, "-")
    .toUpperCase();
  const woKey = workOrderKey(workOrder);
  const earlier = seen.get(woKey);
  if (earlier !== undefined) return { reason: `Work order ${workOrder} is already on row ${earlier}.` };
  const date = parseRegisterDate(get("date"));
  if (date === null) return { reason: `Date "${text("date")}" is not a date.` };
  const finalReportDate = parseRegisterDate(get("finalReportDate"));
  if (finalReportDate === null)
    return { reason: `Final Report Date "${text("finalReportDate")}" is not a date.` };
  // `1234-56 (3/10/21)`: the date written after the work order stands in for a missing Date.
  const trailing = /\(?\s*([\d/.-]{6,10})\s*\)?/.exec(m[2] ?? "")?.[1];
  return {
    workOrder,
    woKey,
    client: text("client"),
    project: text("project"),
    pr: text("pr"),
    date: date || (trailing ? parseRegisterDate(trailing) || "" : ""),
    principalEngineer: text("principalEngineer"),
    invoiceNumber: text("invoiceNumber"),
    finalReportDate,
  };
}

function cleanText(cell: Cell): string {
  const s = cell instanceof Date ? isoDay(cell) : cell;
  return s
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, TEXT_MAX);
}

/** "" for an empty cell, YYYY-MM-DD for a date (US month-first when ambiguous), null when unreadable. */
export function parseRegisterDate(cell: Cell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : isoDay(cell);
  const s = cell.trim().replace(/\s+/g, " ");
  // Placeholders people type into a date column mean "no date yet".
  if (!s || /^(?:n\/?a|tbd|tba|pending|none|-+|\u2014|\?)$/i.test(s)) return "";
  // Excel day numbers when a date column was exported as numbers (1 = 1900-01-01).
  if (/^\d{5}(\.\d+)?$/.test(s)) {
    const days = Math.floor(Number(s));
    if (days > 20000 && days < 80000) return isoDay(new Date(Date.UTC(1899, 11, 30) + days * 86_400_000));
  }
  for (const f of DATE_FORMATS) {
    const d = parse(s, f, REFERENCE);
    if (isValid(d) && d.getFullYear() >= 1900 && d.getFullYear() <= 2200) {
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    }
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** Spreadsheet dates arrive as UTC midnight. */
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
