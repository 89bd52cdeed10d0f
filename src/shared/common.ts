import { z } from "zod";
import { hasInvisible, INVISIBLE_TEXT, stripInvisible } from "./invisible-text";

/**
 * A boolean query flag. Every flag on every path accepts true/false and 1/0 (strings from a query string,
 * or real booleans and numbers from JSON). Anything else is a 400 naming the field.
 */
export const flag = z.preprocess(
  (v) => {
    if (typeof v === "boolean") return v;
    if (v === 1 || v === 0) return v === 1;
    if (typeof v === "string") {
      const s = v.trim().toLowerCase();
      if (s === "true" || s === "1") return true;
      if (s === "false" || s === "0" || s === "") return false;
    }
    return v;
  },
  z.boolean({ error: "must be true, false, 1 or 0" }),
);

/** Blank ("", whitespace only) or null: what a form's unset select or empty box sends. */
export const isBlank = (v: unknown) => v === null || (typeof v === "string" && v.trim() === "");

/**
 * An enum read as clients of the REST door send it: in any case, with spaces around ("DESC", " keep "), each
 * read as its own spelling.
 */
export function caselessEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      const key = v.trim().toLowerCase();
      return values.find((x) => x.toLowerCase() === key) ?? v;
    },
    z.enum(values, { error: message }),
  );
}

/**
 * An optional or defaulted field (`schema` accepts undefined) whose blank value is unset, not a value to refuse:
 * what a form's unset select sends. Blank becomes undefined before `schema` sees it.
 */
export function unsetWhenBlank<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (isBlank(v) ? undefined : v), schema);
}

export const sortDir = caselessEnum(["asc", "desc"], "must be asc or desc");
/** The sort direction of a list: `fallback` when absent or blank. */
export const sortDirOr = (fallback: "asc" | "desc") => unsetWhenBlank(sortDir.default(fallback));
export type SortDir = z.infer<typeof sortDir>;

/** A page number from a query string or JSON: 1-based integer. */
export const pageNumber = z.coerce
  .number({ error: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be 1 or more")
  .max(1_000_000, "is too large");

/** A page size restricted to the sizes a screen offers. */
export function pageSize<const T extends readonly number[]>(sizes: T, fallback: T[number]) {
  return z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .refine((n) => (sizes as readonly number[]).includes(n), `must be one of ${sizes.join(", ")}`)
    .default(fallback);
}

/**
 * Free text typed into a search box: trimmed, bounded, and never containing control characters. Invisible and
 * direction-changing characters are dropped rather than refused: a search is not stored, and text pasted from a
 * document with a zero-width space or soft hyphen in it should still find the word it shows.
 */
export const searchText = z
  .string()
  .max(200, "must be 200 characters or fewer")
  .transform((s) =>
    stripInvisible(s)
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .trim(),
  );

/** A search box's schema (any string schema) that sees its text without invisible characters, as searchText does. */
export const withoutInvisible = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === "string" ? stripInvisible(v) : v), schema);

/**
 * A plain-text field stored as given (trimmed), bounded, without control characters other than newline/tab, and
 * without invisible or direction-changing characters (invisible-text.ts). Every stored free-text field is one.
 */
export function text(max: number) {
  return z
    .string({ error: "must be text" })
    .max(max, `must be ${max} characters or fewer`)
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), "contains control characters")
    .transform((s) => s.trim())
    .refine((s) => !hasInvisible(s), INVISIBLE_TEXT);
}

export const emailAddress = z
  .string({ error: "must be text" })
  .trim()
  .toLowerCase()
  .max(254, "must be 254 characters or fewer")
  .pipe(z.email({ error: "must be a valid email address" }));

/** ISO calendar date (YYYY-MM-DD) that exists on the calendar (no 2026-02-30). */
export const isoDate = z
  .string({ error: "must be a date (YYYY-MM-DD)" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine(isCalendarDate, "is not a real calendar date");

export function isCalendarDate(s: string): boolean {
  const [y, m, d] = s.split("-").map(Number) as [number, number, number];
  if (y < 1900 || y > 2200) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A From/To filter with From after To: said once, on the From/To fields (never "date_from date_from …"). */
export const DATE_RANGE_REVERSED = "The From date must be on or before the To date.";
export const isRangeReversed = (from?: string, to?: string) => !!from && !!to && from > to;
/** The check every list with a From/To range runs: `.refine(rangeIsOrdered, REVERSED_RANGE)`. */
export const rangeIsOrdered = (v: { date_from?: string; date_to?: string }) =>
  !isRangeReversed(v.date_from, v.date_to);
export const REVERSED_RANGE = { message: DATE_RANGE_REVERSED, path: ["date_from"] };

export interface Page<T> {
  rows: T[];
  total: number;
}

/** Most tRPC calls one batched request may carry (the client's batch link sends at most this many). */
export const TRPC_BATCH_MAX = 25;

/** A file's size as people read it: MB with two decimals, KB below a hundredth of a MB, bytes below a KB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  if (bytes < 10_486) return `${Math.round(bytes / 1024).toLocaleString("en-US")} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** One refused row of a spreadsheet import: its row number as the spreadsheet shows it, and why. */
export interface RowRejection {
  row: number;
  work_order: string;
  errors: string[];
}

/** The answer of the portal's all-or-nothing spreadsheet imports (core boxes, the binder). */
export interface SpreadsheetImportResult {
  /** True when nothing was rejected (and, unless a dry run, everything was imported). */
  ok: boolean;
  dry_run: boolean;
  /** Data rows read (blank rows are skipped). */
  rows: number;
  valid: number;
  imported: number;
  /** Every row that would be (or was) refused. */
  rejected: RowRejection[];
  ignored_columns?: string[];
  message: string;
}

/** A schema for a multipart body sent through tRPC: the FormData's fields checked as an object. */
export const fromFormData = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof FormData !== "undefined" && v instanceof FormData ? Object.fromEntries(v.entries()) : v),
    schema,
  );
