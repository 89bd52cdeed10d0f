import { z } from "zod";
import {
  caselessEnum,
  flag,
  isoDate,
  pageNumber,
  pageSize,
  REVERSED_RANGE,
  rangeIsOrdered,
  type SpreadsheetImportResult,
  searchText,
  sortDirOr,
  text,
  unsetWhenBlank,
} from "./common";
import { searchQuery } from "./list-total";
import type { WithReport } from "./reports";
import { WORK_ORDER_REQUIRED, workOrderField } from "./work-orders";

/** Spec part 1 §9: 10/25/50/100 per page, default 25; toasts 5 s; default sort date descending. */
export const BINDER_PAGE_SIZES = [10, 25, 50, 100] as const;
export const BINDER_TOAST_MS = 5000;
export const BINDER_SORTS = ["date", "work_order", "engineer_initials", "billing", "date_sent"] as const;
export type BinderSort = (typeof BINDER_SORTS)[number];

export const BINDER_MESSAGES = {
  woRequired: WORK_ORDER_REQUIRED,
  add: "Failed to add.",
  save: "Failed to save changes.",
  remove: "Failed to remove.",
  bulk: "Bulk delete failed.",
  undo: "Undo failed.",
  unavailable: "Reports Binder DB unavailable",
  notFound: "Database file not found",
  billingHint: "Billing is usually 5–6 digits.",
  billingDigits: "Billing accepts digits only.",
  sentBeforeDate: "Date Sent cannot be before Date.",
} as const;

/** Initials in the colon form: GS, GS:AT, GS:AT:TT (2–4 letters each). */
export const INITIALS_PATTERN = /^[A-Z]{1,4}(:[A-Z]{1,4})*$/;
const INITIALS_FORMAT = "Initials must look like GS:AT:TT (letters separated by colons).";
const initials = z
  .string({ error: INITIALS_FORMAT })
  .trim()
  .toUpperCase()
  .max(40, "Initials must be 40 characters or fewer.")
  .refine((s) => s === "" || INITIALS_PATTERN.test(s), INITIALS_FORMAT);

/**
 * Billing is digits, kept as text (leading zeros stay). Text that is not all digits ("12x", "12.5") is refused,
 * never cut down to the digits in it; a whole number sent as a JSON number is its digits.
 */
const billing = z.preprocess(
  (v) => (typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? String(v) : v),
  z
    .string({ error: BINDER_MESSAGES.billingDigits })
    .trim()
    .max(12, "Billing must be 12 digits or fewer.")
    .refine((s) => s === "" || /^\d+$/.test(s), BINDER_MESSAGES.billingDigits),
);

const optionalDate = z.union([z.literal(""), isoDate]).optional();

export const binderFields = {
  pdf_file: text(255).optional(),
  date: optionalDate,
  work_order: workOrderField,
  engineer_initials: initials.optional(),
  billing: billing.optional(),
  date_sent: optionalDate,
  page_label: text(64).optional(),
};
/** A row is sent after it is dated, never before: refused on Date Sent when both dates are given. */
export const sentInOrder = (v: { date?: string; date_sent?: string }) =>
  !v.date || !v.date_sent || v.date_sent >= v.date;
export const SENT_BEFORE_DATE = { message: BINDER_MESSAGES.sentBeforeDate, path: ["date_sent"] };
export const binderCreateInput = z.object(binderFields).refine(sentInOrder, SENT_BEFORE_DATE);
/** An edit sends only some fields: the service checks the dates' order on the row as it would be stored. */
export const binderUpdateInput = z.object(binderFields).partial();
export type BinderCreate = z.infer<typeof binderCreateInput>;
export type BinderUpdate = z.infer<typeof binderUpdateInput>;

export const binderListInput = z
  .object({
    q: searchQuery.default(""),
    wo: searchText.transform((s) => s.toUpperCase()).default(""),
    eng: searchText.transform((s) => s.toUpperCase()).default(""),
    billing_only: flag.default(false),
    date_from: isoDate.optional(),
    date_to: isoDate.optional(),
    sort_by: unsetWhenBlank(
      caselessEnum(BINDER_SORTS, `sort_by must be one of ${BINDER_SORTS.join(", ")}`).default("date"),
    ),
    sort_dir: sortDirOr("desc"),
    page: pageNumber.default(1),
    page_size: pageSize(BINDER_PAGE_SIZES, 25),
  })
  .refine(rangeIsOrdered, REVERSED_RANGE);
export type BinderListInput = z.input<typeof binderListInput>;

/** A list or export asked with a parameter it does not take (say work_order=, where the list takes wo=). */
export const unknownListParams = (names: string[]) =>
  `The binder list does not take ${names.map((n) => `"${n}"`).join(", ")}: filter with q, wo (work order, exact or prefix), eng, billing_only, date_from and date_to.`;

const binderRowId = z.number({ error: "id must be a number" }).int().positive();
export const binderIdInput = z.object({ id: binderRowId });
export const binderEditInput = z.object({ id: binderRowId, values: binderUpdateInput });
/** Where a row is in a list as the screen shows it (its filters, sort and page size). */
export const binderLocateInput = z.object({ id: binderRowId, list: binderListInput });
export type BinderLocateInput = z.input<typeof binderLocateInput>;
/** The page of that list that shows the row; null when the list's filters leave it out. */
export interface BinderPlace {
  page: number | null;
}
/** Undo of a delete: the change record to restore from. */
export const binderRestoreInput = z.object({ change_id: z.number().int().positive() });
/** The binder's change history, newest first. */
export const binderChangesInput = z.object({ limit: z.number().int().min(1).max(200).default(200) });

export const binderBulkDeleteInput = z.object({
  ids: z
    .array(z.number({ error: "ids must be numbers" }).int().positive())
    .min(1, "Select at least one row.")
    .max(1000, "Delete at most 1000 rows at a time."),
});

export interface BinderRow {
  id: number;
  pdf_file: string;
  date: string;
  work_order: string;
  engineer_initials: string;
  billing: string;
  date_sent: string;
  page_label: string;
}

/** A row of the binder list: the row and its work order's indexed report (null when none is indexed). */
export type BinderListRow = WithReport<BinderRow>;

export interface BinderHealth {
  ok: boolean;
  db_exists: boolean;
  /** The logical database name, never a file-system path. */
  db_path: string;
  error: string | null;
}

/** Billing of unusual length: the UI warns, the server accepts. */
export const billingLooksOdd = (billing: string) =>
  billing !== "" && (billing.length < 5 || billing.length > 6);

export const BINDER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const BINDER_IMPORT_MAX_ROWS = 50_000;
export const binderImportInput = z.object({
  file: z.instanceof(Blob, { error: "Choose a CSV or .xlsx file to import." }),
  dry_run: flag.optional(),
});

export type BinderImportResult = SpreadsheetImportResult;
