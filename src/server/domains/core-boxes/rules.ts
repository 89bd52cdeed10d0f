/** The rules that turn what a person sent into the stored box: defaults, derived expiry and year, checks. */
import {
  CORE_BOX_MESSAGES,
  type CoreBoxCreateInput,
  type CoreBoxPatch,
  defaultExpiry,
  yearOf,
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

/** A new box: expiry defaults to submission + `months`; the year comes from the dates (else the one sent). */
export function valuesForCreate(input: CoreBoxCreateInput, months: number): BoxValues {
  const submission = input.report_submission_date ?? null;
  const expiry = input.storage_expiry_date ?? (submission ? defaultExpiry(submission, months) : null);
  checkDates(submission, expiry);
  return {
    workOrder: input.work_order,
    project: input.project ?? "",
    engineer: input.engineer ?? "",
    reportSubmissionDate: submission,
    storageExpiryDate: expiry,
    complete: input.complete ?? "No",
    keepOrDump: input.keep_or_dump ?? "Keep",
    island: input.island ?? null,
    year: yearOf(submission, expiry) ?? input.year ?? null,
  };
}

/**
 * An edit changes only the fields sent. An expiry that was the default (or empty) follows a new submission
 * date; an expiry the person set stays unless they send a new one. Clearing the expiry brings the default back.
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
  const sentYear = patch.year !== undefined ? patch.year : current.year;
  return {
    workOrder: patch.work_order ?? current.workOrder,
    project: patch.project ?? current.project,
    engineer: patch.engineer ?? current.engineer,
    reportSubmissionDate: submission,
    storageExpiryDate: expiry,
    complete: patch.complete ?? current.complete,
    keepOrDump: patch.keep_or_dump ?? current.keepOrDump,
    island: patch.island !== undefined ? patch.island : current.island,
    year: yearOf(submission, expiry) ?? sentYear ?? null,
  };
}

/** True when an edit would change nothing (then no change record is written). */
export function sameValues(a: BoxValues, b: BoxValues): boolean {
  return (Object.keys(a) as (keyof BoxValues)[]).every((k) => a[k] === b[k]);
}
