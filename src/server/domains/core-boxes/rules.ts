/** The rules that turn what a person sent into the stored box: defaults, derived expiry and year, checks. */
import {
  CORE_BOX_MESSAGES,
  type CoreBoxCreateInput,
  type CoreBoxPatch,
  defaultExpiry,
  yearFollowsDates,
  yearOf,
  yearProblem,
} from "@shared/core-boxes";
import { badRequest } from "../../lib/errors";
import type { BoxRecord } from "./queries";

export type BoxValues = Pick<
  BoxRecord,
  | "workOrder"
  | "project"
  | "engineer"
  | "reportSubmissionDate"
  | "storageExpiryDate"
  | "complete"
  | "keepOrDump"
  | "island"
  | "year"
>;

function checkDates(submission: string | null, expiry: string | null) {
  if (submission && expiry && expiry < submission) throw badRequest(CORE_BOX_MESSAGES.expiryBeforeSubmission);
}

/** A year that does not fit the dates (1950 on a 2026 box) is refused, never stored without a word. */
function checkYear(year: number | null, submission: string | null, expiry: string | null) {
  const problem = yearProblem(year, submission, expiry);
  if (problem) throw badRequest(problem);
}

/** A new box: expiry defaults to submission + `months`; the year is the one sent, else the dates' year. */
export function valuesForCreate(input: CoreBoxCreateInput, months: number): BoxValues {
  const submission = input.report_submission_date ?? null;
  const expiry = input.storage_expiry_date ?? (submission ? defaultExpiry(submission, months) : null);
  checkDates(submission, expiry);
  const year = input.year ?? yearOf(submission, expiry);
  checkYear(year, submission, expiry);
  return {
    workOrder: input.work_order,
    project: input.project ?? "",
    engineer: input.engineer ?? "",
    reportSubmissionDate: submission,
    storageExpiryDate: expiry,
    complete: input.complete ?? "No",
    keepOrDump: input.keep_or_dump ?? "Keep",
    island: input.island ?? null,
    year,
  };
}

/**
 * An edit changes only the fields sent. An expiry that was the default (or empty) follows a new submission
 * date; an expiry the person set stays unless they send a new one. Clearing the expiry brings the default back.
 * The year works the same way: one that was the dates' year follows them, one the person set stays (never changed
 * without a word, and refused when the new dates leave it behind), and clearing it gives the dates' year back.
 */
export function valuesForUpdate(current: BoxRecord, patch: CoreBoxPatch, months: number): BoxValues {
  const submission =
    patch.report_submission_date !== undefined ? patch.report_submission_date : current.reportSubmissionDate;
  let expiry = current.storageExpiryDate;
  if (patch.storage_expiry_date !== undefined) {
    expiry = patch.storage_expiry_date ?? (submission ? defaultExpiry(submission, months) : null);
  } else if (submission && submission !== current.reportSubmissionDate) {
    const wasDefault =
      !current.storageExpiryDate ||
      (current.reportSubmissionDate &&
        current.storageExpiryDate === defaultExpiry(current.reportSubmissionDate, months));
    if (wasDefault) expiry = defaultExpiry(submission, months);
  }
  checkDates(submission, expiry);
  const datesYear = yearOf(submission, expiry);
  const followed = yearFollowsDates(current.year, current.reportSubmissionDate, current.storageExpiryDate);
  let year = current.year;
  if (patch.year !== undefined) year = patch.year ?? datesYear;
  else if (followed) year = datesYear ?? current.year;
  // Checked when the year or a date changes: an old box's odd year does not block an edit of its project.
  const touched = [patch.year, patch.report_submission_date, patch.storage_expiry_date];
  if (touched.some((v) => v !== undefined)) checkYear(year, submission, expiry);
  return {
    workOrder: patch.work_order ?? current.workOrder,
    project: patch.project ?? current.project,
    engineer: patch.engineer ?? current.engineer,
    reportSubmissionDate: submission,
    storageExpiryDate: expiry,
    complete: patch.complete ?? current.complete,
    keepOrDump: patch.keep_or_dump ?? current.keepOrDump,
    island: patch.island !== undefined ? patch.island : current.island,
    year,
  };
}

/** True when an edit would change nothing (then no change record is written). */
export function sameValues(a: BoxValues, b: BoxValues): boolean {
  return (Object.keys(a) as (keyof BoxValues)[]).every((k) => a[k] === b[k]);
}
