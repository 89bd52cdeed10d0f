/**
 * Work orders in a line of OCR text. The firm writes them `1234`, `1234-56`, `1234-56A` or `1234-56(A)`, often
 * after a label (W.O., WO#, Job No., Project No.). Numbers that only look like work orders (dates, phone
 * numbers, ids, suites, page numbers, measurements) are left out by their context. A line read off a photo may
 * lose the spaces between words, so a work order may be glued to the words beside it; letters a handwritten
 * digit was taken for were read back as digits before (digit-readings.ts). Pure functions.
 */

const D = "[0-9]";
const DASH = "[-\u2010-\u2015~_]";
/** A dash ending the line ("3980-", "(WO 3980-)"): the reading stopped short of the rest of the number. */
const CUT_AFTER = new RegExp(`^${DASH}[)\\]},;.:]*\\s*$`);
/** A dot or comma between the parts: OCR's reading of a short handwritten dash (or of a decimal number). */
const DOT = "[.,]";
/**
 * Labels that say a work order follows: W.O., WO#, W/O, Work Order (No.), Job (No.), Project No. OCR garbles the
 * punctuation of handwritten labels (W.0., WO®, Wo%), so that is allowed for.
 */
const LABEL = String.raw`(?:[Ww]\s?[.,]?\s?[Oo0]\.?\s?[#®¥%*]?|[Ww]\s?\/\s?[Oo0]|[Ww]ork\s?[Oo]rder|W\.?D\.|J[Oo0]B|[Jj]ob|P[Rr][Oo0][JjTt](?:[Ee][Cc][Tt])?\.?|Project|Proj\.?)\s*(?:[Nn][Oo0]\.?|[Nn]umber|#)?`;
const PREFIX = String.raw`${LABEL}\s*[:#.]?\s*`;
/**
 * Not part of a longer number, a date, a decimal, a path or an amount on the left; a word or label glued to it
 * is fine (spaces are often lost), and so is a date ("12/1", "2019-04-20") whose space was lost. A list marker
 * at the start of a line ("2.4871-01") is not a decimal.
 */
const BEFORE = String.raw`(?:(?<=^\s*\d{1,2}\.)|(?<=(?<![\d/])\d{1,2}\/\d{1,2}|\b\d{4}-\d{2}-\d{2})|(?<![0-9/\\$€£+@])(?<!\d[-\u2010-\u2015_.,:]))`;
/** Not part of a longer number, a date, a decimal or a path on the right; a word glued after it is fine. */
const AFTER = String.raw`(?![0-9/]|[-\u2010-\u2015][0-9]|[.,]\d)`;
/**
 * A suffix letter glued after the number is one when no letter follows, or when a word starts after it
 * ("27BKona"): in a run of capitals ("01KAILUA") it may as well be the next word's first letter.
 */
const LETTER_END = "(?![a-z])(?![A-Z](?![a-z]))";
const PATTERN = new RegExp(
  `${BEFORE}(${PREFIX})?(${D}{4})(?:\\s?(?:(${DASH})|(${DOT})|( ))\\s?(${D}{2})(?:\\s?[([{]\\s?([A-Za-z])\\s?[)\\]}]?|([A-Za-z])${LETTER_END})?)?${AFTER}`,
  "g",
);

/** A column heading for work orders: W.O., WO#, Job No., Project No.… followed by nothing or other headings. */
export const HEADER =
  /(?:^|(?<=\s))(?:[Ww]\s?[.,]?\s?[Oo0]\.?\s?#?|[Ww]\s?\/\s?[Oo0]|[Ww]ork\s?[Oo]rder(?:\s?[Nn]o\.?)?|J[Oo0]B(?:\s?N[Oo0]\.?)?|[Jj]ob(?:\s?[Nn]o\.?|\s?#)?|P[Rr][Oo0][Jj](?:[Ee][Cc][Tt])?\.?\s?N[Oo0]\.?|Project\s?No\.?)(?=\s*$|\s+[A-Za-z])/g;

const MONTH_BEFORE =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*(?:\d{1,2}(?:st|nd|rd|th)?\s*,?\s*)?$/;
const PHONE_BEFORE = /(?:\(\d{3}\)\s?|\b\d{3}[\s.]?|\b(?:tel|phone|ph|fax|cell|mobile|ext|x)\.?\s*:?\s*)$/;
/** Numbers that follow these are ids, addresses, page numbers or other papers' numbers, not work orders. */
export const OTHER_NUMBER_BEFORE =
  /\b(?:pr|inv|invoice|id|emp|employee|truck|suite|ste|unit|room|rm|box|page|pg|sheet|form|rev|revised|po|p\.o|ref|permit|tel|phone|fax|ext|boring|sample)\.?\s*(?:no\.?|#|number)?\s*[:#-]?\s*$|©\s*$/;
const UNIT_AFTER = /^\s?(?:ft|feet|in|mm|cm|m|km|psi|psf|pcf|lbs?|kg|%|sf|sq|hrs?|am|pm|gal)\b/i;
/** What follows the year and month of a date: the day. */
const DAY_AFTER = /^\s?[-./]\s?\d{1,2}\b|^\s\d{1,2}\b/;

export interface Candidate {
  work_order: string;
  start: number;
  end: number;
  /** Four digits alone without a label: a work order only where the page says so (see work-orders.ts). */
  bare: boolean;
  /**
   * The number may go on past what was read: four digits and a dash with nothing after it ("3980-"), or two
   * digits glued to a run of capitals, whose first may be the suffix letter. Offered for a person to complete.
   */
  cut: boolean;
}

/**
 * Work orders in one line of text, with where each sits in it. Four digits alone without a label are marked
 * `bare` (street numbers, years, ids and suites are four digits too); a number whose parts are split by a space
 * alone counts only after a label.
 */
export function workOrdersInLine(line: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of line.matchAll(PATTERN)) {
    const [whole, prefix, main, , dot, space, tail, boxed, letter] = m;
    const labelled = !!prefix;
    if (space && !labelled) continue;
    const start = m.index! + (prefix?.length ?? 0);
    const end = m.index! + whole.length;
    const suffix = tail ?? "";
    if (!labelled && isNearMiss(line, start, end, main!, suffix, !!dot, !!(boxed || letter))) continue;
    let wo = suffix ? `${main}-${suffix}` : main!;
    if (boxed) wo += `(${boxed.toUpperCase()})`;
    else if (letter) wo += letter.toUpperCase();
    // Cut at its dash, or glued to a run of capitals whose first may be its suffix letter.
    const cut =
      (!tail && CUT_AFTER.test(line.slice(end))) ||
      (!!tail && !boxed && !letter && /^[A-Z]/.test(line.slice(end)));
    found.push({ work_order: wo, start, end, bare: !tail && !labelled, cut });
  }
  return found;
}

/** A number that is shaped like a work order but, by what surrounds it, is a date, phone, id, page or measure. */
function isNearMiss(
  line: string,
  start: number,
  end: number,
  head: string,
  tail: string,
  dot: boolean,
  lettered: boolean,
) {
  const before = line.slice(Math.max(0, start - 40), start).toLowerCase();
  const after = line.slice(end, end + 12);
  // A suffix letter makes it no measurement: "8592-11(C) M. Silva" is not metres.
  if ((!lettered && UNIT_AFTER.test(after)) || OTHER_NUMBER_BEFORE.test(before)) return true;
  if (/\(\d{3}\)\s?$/.test(before) || MONTH_BEFORE.test(before) || PHONE_BEFORE.test(before)) return true;
  // 2019-05 followed by a day is a date, and so is 2019 followed by a month; 1234.56 after a currency sign is an
  // amount.
  const year = Number(head);
  if (year >= 1950 && year < 2040) {
    if (!tail && /^\s?[-./]?\s?\d{1,2}\b/.test(after)) return true;
    if (Number(tail) >= 1 && Number(tail) <= 12 && DAY_AFTER.test(after)) return true;
  }
  return dot && /[$€£]\s?$/.test(before);
}
