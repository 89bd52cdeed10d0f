/**
 * The screen's pure rules, kept apart from React so they are unit-tested: the URL search params, the list and
 * export queries built from them, and the inline editor's draft (defaults, checks, the patch it sends).
 */

import {
  COMPLETE_VALUES,
  CORE_BOX_DEFAULT_PAGE_SIZE,
  CORE_BOX_MESSAGES,
  CORE_BOX_PAGE_SIZES,
  type CoreBox,
  type CoreBoxCreateInput,
  type CoreBoxListInput,
  type CoreBoxPatch,
  coreBoxCreateInput,
  DEFAULT_SORT,
  DISPOSITIONS,
  defaultExpiry,
  EXPIRES_WITHIN,
  SORT_COLUMNS,
  yearFollowsDates,
  yearProblem,
} from "@shared/core-boxes";
import { searchable } from "@shared/list-total";
import { z } from "zod";
import { type FieldProblems, fieldProblems } from "@/lib/field-problems";

/** Filters, sort and page as they live in the URL; a bad value falls back to "none" instead of failing. */
export const boxSearch = z.object({
  q: z.string().max(200).optional().catch(undefined),
  island: z.string().max(40).optional().catch(undefined),
  year: z.coerce.number().int().min(1900).max(2200).optional().catch(undefined),
  complete: z.enum(COMPLETE_VALUES).optional().catch(undefined),
  keep_or_dump: z.enum(DISPOSITIONS).optional().catch(undefined),
  expired: z.boolean().optional().catch(undefined),
  /** "Expires within 30 / 60 / 90 days" (/core-box-inventory?expires=30 opens filtered). */
  expires: z.coerce
    .number()
    .pipe(z.union(EXPIRES_WITHIN.map((n) => z.literal(n))))
    .optional()
    .catch(undefined),
  sort_by: z.enum(SORT_COLUMNS).optional().catch(undefined),
  sort_dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  page_size: z.coerce
    .number()
    .refine((n) => (CORE_BOX_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
});
export type BoxSearch = z.infer<typeof boxSearch>;
export type SetBoxSearch = (patch: Partial<BoxSearch>) => void;

/** What Reset clears: the filters (sort and page size are a way of looking, not a filter). */
export const CLEARED_FILTERS: Partial<BoxSearch> = {
  q: undefined,
  island: undefined,
  year: undefined,
  complete: undefined,
  keep_or_dump: undefined,
  expired: undefined,
  expires: undefined,
};

export const hasFilters = (s: BoxSearch) =>
  !!(s.q || s.island || s.year !== undefined || s.complete || s.keep_or_dump || s.expired || s.expires);

export function listInputOf(s: BoxSearch): CoreBoxListInput {
  return {
    q: searchable(s.q),
    island: s.island || undefined,
    year: s.year,
    complete: s.complete,
    keep_or_dump: s.keep_or_dump,
    expired: s.expired || undefined,
    expires: s.expires,
    sort_by: s.sort_by ?? DEFAULT_SORT.sort_by,
    sort_dir: s.sort_dir ?? DEFAULT_SORT.sort_dir,
    page: s.page ?? 1,
    page_size: s.page_size ?? CORE_BOX_DEFAULT_PAGE_SIZE,
  };
}

/** The REST export of every box matching the list's filters, in the list's order (no page: all of them). */
export function exportHref(input: CoreBoxListInput): string {
  const { page: _page, page_size: _size, ...rest } = input;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(rest)) {
    if (v !== undefined && v !== null && v !== "" && v !== false) params.set(k, String(v));
  }
  return `/api/core-boxes/export.csv?${params}`;
}

/**
 * The inline editor's values, all as the inputs hold them (text). `year` is the year a person set: blank when the
 * box's year is its dates' own, which the editor shows (and the server keeps) following the dates.
 */
export interface Draft {
  work_order: string;
  project: string;
  engineer: string;
  report_submission_date: string;
  storage_expiry_date: string;
  complete: CoreBox["complete"];
  keep_or_dump: CoreBox["keep_or_dump"];
  island: string;
  year: string;
}

export const EMPTY_DRAFT: Draft = {
  work_order: "",
  project: "",
  engineer: "",
  report_submission_date: "",
  storage_expiry_date: "",
  complete: "No",
  keep_or_dump: "Keep",
  island: "",
  year: "",
};

export function draftOf(box: CoreBox): Draft {
  return {
    work_order: box.work_order,
    project: box.project,
    engineer: box.engineer,
    report_submission_date: box.report_submission_date ?? "",
    storage_expiry_date: box.storage_expiry_date ?? "",
    complete: box.complete,
    keep_or_dump: box.keep_or_dump,
    island: box.island ?? "",
    year: yearFollowsDates(box.year, box.report_submission_date, box.storage_expiry_date)
      ? ""
      : String(box.year),
  };
}

/**
 * The expiry shown after the submission date changes, by the server's rule: an expiry that was empty or the
 * default of the old date follows the new date (submission + `months`); one the person chose stays.
 */
export function followExpiry(prevSubmission: string, nextSubmission: string, expiry: string, months: number) {
  if (!nextSubmission) return expiry;
  const wasDefault = !expiry || (!!prevSubmission && expiry === defaultExpiry(prevSubmission, months));
  return wasDefault ? defaultExpiry(nextSubmission, months) : expiry;
}

export type DraftField = keyof Draft;
export type DraftProblems = FieldProblems<DraftField>;

const DRAFT_LABELS: Record<DraftField, string> = {
  work_order: "Work Order",
  project: "Project",
  engineer: "Engineer",
  report_submission_date: "Report submission date",
  storage_expiry_date: "Storage expiry date",
  complete: "Complete",
  keep_or_dump: "Disposition",
  island: "Island",
  year: "Year",
};

/**
 * What is wrong with a draft before it is sent, field by field, with the server's own schema and messages.
 * `unreadable` names the date fields whose text the browser could not read (an impossible date such as 02/31):
 * errors, never an empty value.
 */
export function checkDraft(d: Draft, unreadable: readonly string[] = []): DraftProblems {
  const problems = fieldProblems(coreBoxCreateInput, d, DRAFT_LABELS, unreadable);
  const { report_submission_date: submitted, storage_expiry_date: expiry } = d;
  if (submitted && expiry && expiry < submitted && !problems.report_submission_date)
    problems.storage_expiry_date ??= CORE_BOX_MESSAGES.expiryBeforeSubmission;
  // The server's year rule, on the Year field: an expiry typed without a submission date gives the dates' year.
  const year = problems.year ? null : yearProblem(d.year.trim() ? Number(d.year) : null, submitted, expiry);
  if (year) problems.year = year;
  return problems;
}

/** A new box: blanks are left out so the server applies its defaults. */
export function createInputOf(d: Draft): CoreBoxCreateInput {
  return {
    work_order: d.work_order.trim(),
    project: d.project.trim(),
    engineer: d.engineer.trim(),
    report_submission_date: d.report_submission_date || null,
    storage_expiry_date: d.storage_expiry_date || null,
    complete: d.complete,
    keep_or_dump: d.keep_or_dump,
    island: d.island.trim() || null,
    year: d.year.trim() ? Number(d.year) : null,
  };
}

/**
 * Only the fields the person changed (the server changes only the fields it is sent, so an untouched expiry
 * keeps following the submission date there too).
 */
export function patchOf(box: CoreBox, d: Draft): CoreBoxPatch {
  const before = draftOf(box);
  const next = createInputOf(d);
  const patch: CoreBoxPatch = {};
  for (const key of Object.keys(before) as (keyof Draft)[]) {
    if (before[key].trim() !== d[key].trim()) Object.assign(patch, { [key]: next[key] });
  }
  return patch;
}

/** Why a box cannot be removed, or null when it can (only boxes marked Dump). */
export function removalBlocked(box: Pick<CoreBox, "work_order" | "keep_or_dump">): string | null {
  return box.keep_or_dump === "Dump"
    ? null
    : `Only boxes marked Dump can be removed. Box ${box.work_order} is marked ${box.keep_or_dump}; use Mark Dumped & Remove, or edit its disposition first.`;
}

/** One line per box "Delete Selected" left in place, with the server's reason. */
export function skippedLines(skipped: { id: number; work_order: string | null; reason: string }[]) {
  return skipped.map((s) => `${s.work_order ?? `Box #${s.id}`}: ${s.reason}`);
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;
