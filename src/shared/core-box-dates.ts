/** Date rules of a core box, used by the server (stored status, defaults) and the client (badge, form hints). */
import { addDays, addMonths, format, parseISO } from "date-fns";
import type { BoxStatus } from "./core-boxes";

/** Today's calendar date (YYYY-MM-DD) in local time: a box expires at the start of the day after its date. */
export function todayIso(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd");
}

/**
 * The last expiry date of "expires within `days` days" (YYYY-MM-DD): a box expiring from today up to this date
 * is about to expire. Today's boxes count (they expire tomorrow), those already expired do not.
 */
export function expiresWithinUntil(days: number, now: Date = new Date()): string {
  return format(addDays(now, days), "yyyy-MM-dd");
}

/** Expired when the expiry date is before today, else Active (a box with no expiry date is Active). */
export function boxStatus(expiry: string | null | undefined, today: string = todayIso()): BoxStatus {
  return expiry && expiry < today ? "Expired" : "Active";
}

/** Default expiry: the submission date plus `months` (Jan 31 + 1 month is the last day of February). */
export function defaultExpiry(submission: string, months: number): string {
  return format(addMonths(parseISO(submission), months), "yyyy-MM-dd");
}

/** The box's year: from the submission date, else from the expiry date; null when it has neither. */
export function yearOf(
  submission: string | null | undefined,
  expiry: string | null | undefined,
): number | null {
  const date = submission || expiry;
  return date ? Number(date.slice(0, 4)) : null;
}

/**
 * Whether a box's year is the one its dates give (or none): such a year follows the dates when they change, as a
 * default expiry follows the submission date. A year that differs was set by a person and stays.
 */
export function yearFollowsDates(
  year: number | null,
  submission: string | null | undefined,
  expiry: string | null | undefined,
): boolean {
  return year === null || year === yearOf(submission, expiry);
}

/** How many years before its report a box's year may be (the borings come before the report, never after). */
export const YEAR_BEFORE_DATES = 5;

const LEAVE_BLANK = "or leave Year blank to take the dates' year.";

/**
 * Why a box's year does not fit its dates, or null when it does: with a report submission date, the year is that
 * date's or up to YEAR_BEFORE_DATES years before it; with only an expiry date, it is not after the expiry (a
 * box kept longer than planned keeps its old year). A box without dates takes any year.
 */
export function yearProblem(
  year: number | null | undefined,
  submission: string | null | undefined,
  expiry: string | null | undefined,
): string | null {
  if (year === null || year === undefined) return null;
  if (submission) {
    const last = Number(submission.slice(0, 4));
    const first = last - YEAR_BEFORE_DATES;
    if (year >= first && year <= last) return null;
    return `Year ${year} does not fit the report submission date: use a year from ${first} to ${last}, ${LEAVE_BLANK}`;
  }
  const expiryYear = expiry ? Number(expiry.slice(0, 4)) : null;
  if (expiryYear === null || year <= expiryYear) return null;
  return `Year ${year} is after the storage expiry date: use ${expiryYear} or earlier, ${LEAVE_BLANK}`;
}
