import { z } from "zod";
import type { CoreBoxRow } from "./core-boxes";
import type { ReportFile } from "./reports";
import type { BinderRow } from "./reports-binder";

/**
 * One work order, everything about it (/work-orders/$wo, GET /api/work-orders/{wo}, tRPC workOrders.page).
 *
 * A work order is four digits, a dash and two or three digits ("4321-07"), optionally with one suffix letter
 * written after it or in parentheses ("4321-07A", "4321-07(A)"). The register, the binder, the core boxes and
 * the reports write the letter either way; the page treats both as one.
 */
export const WORK_ORDER_SHAPE =
  "A work order is four digits, a dash and two or three digits, with an optional letter: 4321-07, 4321-07A or 4321-07(A).";

/** A work order left blank where one is needed (the binder, the core boxes and their imports). */
export const WORK_ORDER_REQUIRED = "Work Order is required.";

export const WORK_ORDER_TEXTS = {
  noRecords: "No records for this work order yet.",
  notInRegister: "Not in the project register",
} as const;

/** Most history entries the page lists (newest first). */
export const WORK_ORDER_HISTORY_LIMIT = 100;

const LABEL = /^(?:WORK\s*ORDER|W\.?\/?O\b\.?)\s*(?:NO\.?|NUMBER|#)?\s*[:#.]?\s*/;

/**
 * The register's spelling of a work order: upper case, no spaces, no W.O. label, one kind of dash, and a
 * trailing letter written in parentheses: "w.o. 1234-56a" → "1234-56(A)".
 */
export function workOrderKey(text: string): string {
  let key = text
    .toUpperCase()
    .replace(/[\u2010-\u2015]/g, "-")
    .trim()
    .replace(LABEL, "")
    .replace(/\s+/g, "");
  const letter = /^(\d{4}-\d{2,3})\(?([A-Z])\)?$/.exec(key);
  if (letter) key = `${letter[1]}(${letter[2]})`;
  return key;
}

export interface WorkOrderRef {
  /** How the page names it: the number and its letter, upper case ("4321-07", "4321-07A"). */
  work_order: string;
  /** The number without its letter. */
  base: string;
  suffix: string | null;
}

const SHAPE = /^(\d{4}-\d{2,3})(?:\(([A-Z])\))?$/;

/** A typed or stored work order as the page reads it; null when it is not shaped like one. */
export function parseWorkOrder(text: string): WorkOrderRef | null {
  const m = SHAPE.exec(workOrderKey(text));
  if (!m) return null;
  const suffix = m[2] ?? null;
  return { work_order: `${m[1]}${suffix ?? ""}`, base: m[1]!, suffix };
}

/**
 * Does a stored work order belong on the page of `ref`? A base number gathers itself and every suffix of it;
 * a suffixed one only itself.
 */
export function belongsTo(stored: string, ref: WorkOrderRef): boolean {
  const other = parseWorkOrder(stored);
  if (!other || other.base !== ref.base) return false;
  return ref.suffix === null || other.suffix === ref.suffix;
}

/** A work order inside typed text ("box for W.O. 4321-07a?"), for the header search. */
export function findWorkOrder(text: string): WorkOrderRef | null {
  const m = /(?:W\.?\/?O\.?\s*)?\b\d{4}\s*[-\u2010-\u2015]\s*\d{2,3}(?:\s*\(?[A-Za-z]\)?(?![A-Za-z]))?/.exec(
    text,
  );
  return m ? parseWorkOrder(m[0]) : null;
}

/** Work orders inside running text: a letter counts only when attached or in parentheses ("4321-07A", "4321-07(a)"). */
const IN_TEXT = /\b\d{4}[-\u2010-\u2015]\d{2,3}(?:\([A-Za-z]\)|[A-Za-z])?(?![\dA-Za-z])/g;

/**
 * Running text cut into plain parts and work orders (`wo` holds the written form), so a screen can link each
 * work order to its page ("printer in the 4321-07 trailer" → "printer in the ", 4321-07, " trailer").
 */
export function splitWorkOrders(text: string): { text: string; wo: boolean }[] {
  const parts: { text: string; wo: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(IN_TEXT)) {
    if (!parseWorkOrder(m[0])) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index), wo: false });
    parts.push({ text: m[0], wo: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), wo: false });
  return parts;
}

export const workOrderPath = (wo: string) => `/work-orders/${encodeURIComponent(wo)}`;

/** A work order as typed or linked, read as one; anything not shaped like a work order is refused saying so. */
export const workOrderNumber = z
  .string({ error: WORK_ORDER_SHAPE })
  .max(60, WORK_ORDER_SHAPE)
  .transform((text, ctx) => {
    const ref = parseWorkOrder(text);
    if (!ref) {
      ctx.addIssue({ code: "custom", message: WORK_ORDER_SHAPE });
      return z.NEVER;
    }
    return ref;
  });

const STORED_SHAPE = /^\d{4}-\d{2,3}(?:[A-Z]|\([A-Z]\))?$/;

/**
 * A work order as the binder and the core boxes store it: upper case, no label, spaces or odd dashes, its letter
 * written as it was typed ("w.o. 4321-07a" → "4321-07A"); null when it is not shaped like one.
 */
export function storedWorkOrder(text: string): string | null {
  const key = text
    .toUpperCase()
    .replace(/[\u2010-\u2015]/g, "-")
    .trim()
    .replace(LABEL, "")
    .replace(/\s+/g, "");
  return STORED_SHAPE.test(key) ? key : null;
}

/**
 * The one work-order field of every record and door (binder and core boxes, REST and tRPC, their spreadsheet
 * imports): required, and refused with the work order page's own sentence when it is not shaped like one, so
 * "abc" is never stored as "ABC".
 */
export const workOrderField = z
  .string({
    error: (i) => (i.input === undefined || i.input === null ? WORK_ORDER_REQUIRED : WORK_ORDER_SHAPE),
  })
  .max(60, WORK_ORDER_SHAPE)
  .transform((text, ctx) => {
    if (text.trim() === "") {
      ctx.addIssue({ code: "custom", message: WORK_ORDER_REQUIRED });
      return z.NEVER;
    }
    const stored = storedWorkOrder(text);
    if (!stored) {
      ctx.addIssue({ code: "custom", message: WORK_ORDER_SHAPE });
      return z.NEVER;
    }
    return stored;
  });

/** The page's one input: `wo`. */
export const workOrderPageInput = z.object({ wo: workOrderNumber });
export type WorkOrderPageInput = z.input<typeof workOrderPageInput>;

/** The register's line for the work order (or its base number's). */
export interface WorkOrderProject {
  work_order: string;
  client: string;
  project: string;
  pr: string;
  principal_engineer: string;
  /** YYYY-MM-DD or "". */
  date: string;
  final_report_date: string;
  /** Set when a lettered work order has no line of its own and this is its base number's line. */
  from_base?: true;
}

/** A report of the work order, as the Indexed Files list shows it (without its chunk count). */
export type WorkOrderReport = Omit<ReportFile, "chunks">;

export type WorkOrderRecordKind = "binder" | "core_box";

export interface WorkOrderChange {
  id: number;
  kind: WorkOrderRecordKind;
  entity_id: number;
  action: "create" | "update" | "delete" | "restore" | "import";
  work_order: string;
  user: string;
  /** ISO date-time. */
  ts: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** GET /api/work-orders/{wo} and workOrders.page. */
export interface WorkOrderPage {
  work_order: string;
  project: WorkOrderProject | null;
  reports: WorkOrderReport[];
  binder: BinderRow[];
  core_boxes: CoreBoxRow[];
  history: WorkOrderChange[];
}
