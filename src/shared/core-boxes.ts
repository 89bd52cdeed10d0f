/**
 * Core box inventory: enums, limits, messages and every input schema, shared by the server (procedures, REST
 * handlers, Drizzle columns) and the client (forms, URL search params). Business rules live in the service.
 */
import { z } from "zod";
import {
  caselessEnum,
  flag,
  fromFormData,
  isCalendarDate,
  pageNumber,
  pageSize,
  type SpreadsheetImportResult,
  sortDirOr,
  text,
  unsetWhenBlank,
} from "./common";
import { searchQuery } from "./list-total";
import type { WithReport } from "./reports";
import { WORK_ORDER_REQUIRED, workOrderField } from "./work-orders";

export const COMPLETE_VALUES = ["Yes", "No"] as const;
export type Complete = (typeof COMPLETE_VALUES)[number];
export const DISPOSITIONS = ["Keep", "Dump", "Save"] as const;
export type Disposition = (typeof DISPOSITIONS)[number];
export const BOX_STATUSES = ["Active", "Expired"] as const;
export type BoxStatus = (typeof BOX_STATUSES)[number];
/** The islands the firm works on, in the spelling stored: a box's island is one of these. */
export const ISLANDS = [
  "Oahu",
  "Maui",
  "Hawaii",
  "Kauai",
  "Molokai",
  "Lanai",
  "Niihau",
  "Kahoolawe",
] as const;

export const CORE_BOX_PAGE_SIZES = [10, 25, 50, 100] as const;
export const CORE_BOX_DEFAULT_PAGE_SIZE = 25;
export const CHANGE_HISTORY_LIMIT = 200;
export const CHANGE_HISTORY_MAX = 1000;
export const CORE_BOX_TOAST_MS = 6000;
/** Storage expiry = report submission date + this many months, unless CORE_BOX_EXPIRY_MONTHS says otherwise. */
export const DEFAULT_EXPIRY_MONTHS = 24;
export const LIMITS = { workOrder: 40, project: 200, engineer: 60, island: 40 } as const;
/** Import: the largest spreadsheet accepted, in bytes and in data rows. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

export const SORT_COLUMNS = [
  "year",
  "island",
  "work_order",
  "project",
  "engineer",
  "report_submission_date",
  "storage_expiry_date",
  "complete",
  "keep_or_dump",
] as const;
export type CoreBoxSortColumn = (typeof SORT_COLUMNS)[number];
export const DEFAULT_SORT = { sort_by: "report_submission_date", sort_dir: "desc" } as const;

export const CORE_BOX_MESSAGES = {
  workOrderRequired: WORK_ORDER_REQUIRED,
  notFound: "Core box not found.",
  changeNotFound: "Change record not found.",
  onlyDeleteRestorable: "Only delete entries can be restored.",
  failedAdd: "Failed to add.",
  failedSave: "Failed to save changes.",
  failedRemove: "Failed to remove.",
  bulkDeleteFailed: "Bulk delete failed.",
  undoFailed: "Undo failed.",
  dumpRemoveFailed: "Failed to dump & remove.",
  expiryBeforeSubmission: "Storage expiry date cannot be before the report submission date.",
  island: `Island must be one of ${ISLANDS.slice(0, -1).join(", ")} or ${ISLANDS.at(-1)}.`,
  engineer: "Engineer must be initials in letters, such as GS or GS/AT.",
} as const;

/** "keep" and " KEEP " both become "Keep"; blank (a form's unset select) is no value. */
export const completeValue = caselessEnum(COMPLETE_VALUES, "must be Yes or No");
export const dispositionValue = caselessEnum(DISPOSITIONS, "must be Keep, Dump or Save");

/** Blank ("", null, whitespace) means "no value". */
const blankToNull = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? null : v);

/** The work order every record takes (work-orders.ts): required, shaped like one, stored upper-case. */
export const workOrder = workOrderField;

/** An optional calendar date (YYYY-MM-DD); blank means none. */
export const optionalDate = z.preprocess(
  blankToNull,
  z
    .string({ error: "must be a date (YYYY-MM-DD)" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
    .refine(isCalendarDate, "is not a real calendar date")
    .nullable(),
);

/**
 * An island as a filter reads it: known islands in one spelling ("oahu", "O'ahu" → "Oahu"), others as typed (a
 * box stored before islands were checked still filters); blank means any.
 */
export const islandValue = z.preprocess(
  blankToNull,
  text(LIMITS.island).transform(canonicalIsland).nullable(),
);

/** A box's island: one of ISLANDS, in any spelling of it; blank means unknown. */
const islandField = z.preprocess(
  blankToNull,
  text(LIMITS.island)
    .transform(canonicalIsland)
    .refine((s) => (ISLANDS as readonly string[]).includes(s), CORE_BOX_MESSAGES.island)
    .nullable(),
);

/**
 * The engineer's initials, upper-case as the binder keeps them ("gs/at" → "GS/AT"): letters, several joined by
 * "/", ":", "&", "," or a space; blank means none.
 */
const engineerInitials = text(LIMITS.engineer)
  .transform((s) => s.toUpperCase())
  .refine(
    (s) => s === "" || /^\p{L}+(?:\s*[/:&,]\s*\p{L}+|\s+\p{L}+)*$/u.test(s),
    CORE_BOX_MESSAGES.engineer,
  );

export function canonicalIsland(value: string): string {
  const key = value
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();
  return ISLANDS.find((i) => i.toLowerCase() === key) ?? value;
}

const yearValue = z.coerce
  .number({ error: "must be a year like 2024" })
  .int("must be a year like 2024")
  .min(1900, "must be a year like 2024")
  .max(2200, "must be a year like 2024");

/** Fields of a box a person edits. A blank `year` is filled from the dates (see yearFollowsDates). */
const boxFields = {
  work_order: workOrder,
  project: text(LIMITS.project),
  engineer: engineerInitials,
  report_submission_date: optionalDate,
  storage_expiry_date: optionalDate,
  complete: completeValue,
  keep_or_dump: dispositionValue,
  island: islandField,
  year: z.preprocess(blankToNull, yearValue.nullable()),
};

export const coreBoxCreateInput = z.object({
  ...boxFields,
  project: boxFields.project.optional(),
  engineer: boxFields.engineer.optional(),
  report_submission_date: boxFields.report_submission_date.optional(),
  storage_expiry_date: boxFields.storage_expiry_date.optional(),
  complete: unsetWhenBlank(boxFields.complete.optional()),
  keep_or_dump: unsetWhenBlank(boxFields.keep_or_dump.optional()),
  island: boxFields.island.optional(),
  year: boxFields.year.optional(),
});
export type CoreBoxCreateInput = z.infer<typeof coreBoxCreateInput>;

/** PUT body: only the fields sent are changed (unknown keys such as id or status are ignored). */
export const coreBoxPatch = coreBoxCreateInput.partial();
export type CoreBoxPatch = z.infer<typeof coreBoxPatch>;

export const boxId = z.coerce
  .number({ error: "must be a positive whole number" })
  .int("must be a positive whole number")
  .positive("must be a positive whole number")
  .max(Number.MAX_SAFE_INTEGER, "must be a positive whole number");

export const coreBoxUpdateInput = coreBoxPatch.extend({ id: boxId });
export const coreBoxIdInput = z.object({ id: boxId });
export const coreBoxIdsInput = z.object({
  ids: z.array(boxId, { error: "must be a list of box ids" }).min(1, "must name at least one box").max(1000),
});
export const restoreInput = z.object({ change_id: boxId });

/** "All" and blank mean "no filter" (the screen's select sends them). */
const anyToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && (v.trim() === "" || v.trim().toLowerCase() === "all"))
    ? undefined
    : v;

/** "Expires within 30 / 60 / 90 days": the choices of the list's `expires` filter. */
export const EXPIRES_WITHIN = [30, 60, 90] as const;
export type ExpiresWithin = (typeof EXPIRES_WITHIN)[number];
export const EXPIRES_MESSAGE = "must be 30, 60 or 90 (days until the storage expires)";
const expiresWithin = z.preprocess(
  anyToUndefined,
  z.coerce
    .number({ error: EXPIRES_MESSAGE })
    .refine((n): n is ExpiresWithin => (EXPIRES_WITHIN as readonly number[]).includes(n), EXPIRES_MESSAGE)
    .transform((n) => n as ExpiresWithin)
    .optional(),
);

/** The dashboard's count of boxes about to expire (tRPC coreBoxes.expiring); 30 days unless said. */
export const expiringInput = z.object({ days: expiresWithin.default(30) });

export const coreBoxFilters = z.object({
  q: searchQuery.optional(),
  island: z.preprocess(anyToUndefined, islandValue.optional()),
  year: z.preprocess(anyToUndefined, yearValue.optional()),
  complete: z.preprocess(anyToUndefined, completeValue.optional()),
  keep_or_dump: z.preprocess(anyToUndefined, dispositionValue.optional()),
  expired: flag.optional(),
  /** Only boxes whose storage expires from today up to this many days ahead. */
  expires: expiresWithin,
  sort_by: unsetWhenBlank(
    caselessEnum(SORT_COLUMNS, `must be one of ${SORT_COLUMNS.join(", ")}`).default(DEFAULT_SORT.sort_by),
  ),
  sort_dir: sortDirOr(DEFAULT_SORT.sort_dir),
});
export type CoreBoxFilters = z.infer<typeof coreBoxFilters>;

export const coreBoxListInput = coreBoxFilters.extend({
  page: pageNumber.default(1),
  page_size: pageSize(CORE_BOX_PAGE_SIZES, CORE_BOX_DEFAULT_PAGE_SIZE),
});
export type CoreBoxListInput = z.infer<typeof coreBoxListInput>;

export const changesInput = z.object({
  limit: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be 1 or more")
    .max(CHANGE_HISTORY_MAX, `must be ${CHANGE_HISTORY_MAX} or fewer`)
    .default(CHANGE_HISTORY_LIMIT),
  core_box_id: boxId.optional(),
});

/** Import upload: the spreadsheet and whether to only preview it. */
export const coreBoxImportInput = z.object({
  file: z.instanceof(Blob, { error: "Choose a CSV or .xlsx file to import." }),
  dry_run: flag.optional(),
});
/** The same from a FormData body (tRPC importFile). */
export const coreBoxImportForm = fromFormData(coreBoxImportInput);

export interface CoreBoxImportResult extends SpreadsheetImportResult {
  file_name: string;
  /** The first valid rows as they would be stored. */
  preview: Omit<CoreBox, "id" | "created_at" | "created_by" | "updated_at" | "updated_by">[];
  ignored_columns: string[];
}

export interface CoreBox {
  id: number;
  work_order: string;
  project: string;
  engineer: string;
  report_submission_date: string | null;
  storage_expiry_date: string | null;
  complete: Complete;
  keep_or_dump: Disposition;
  island: string | null;
  year: number | null;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}
export interface CoreBoxRow extends CoreBox {
  status: BoxStatus;
}
/** A row of the list: the box and its work order's indexed report (null when none is indexed). */
export type CoreBoxListRow = WithReport<CoreBoxRow>;

export {
  boxStatus,
  defaultExpiry,
  expiresWithinUntil,
  todayIso,
  YEAR_BEFORE_DATES,
  yearFollowsDates,
  yearOf,
  yearProblem,
} from "./core-box-dates";
