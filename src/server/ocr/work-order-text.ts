/**
 * Work orders in a line of OCR text. The firm writes them `1234`, `1234-56`, `1234-56A` or `1234-56(A)`, often
 * after a label (W.O., WO#, Job No., Project No.). OCR misreads digits as look-alike characters (O/0, l/1, S/5,
 * B/8, % for a handwritten 4…), so digit positions accept those and read them back as digits, within limits so
 * ordinary words never turn into work orders. Numbers that only look like work orders (dates, phone numbers,
 * ids, suites, page numbers, measurements) are left out by their context. Pure functions.
 */

/** Characters OCR gives for a digit (printed and handwritten), and the digit they stand for. */
const LOOKALIKE: Record<string, string> = {
  O: "0",
  o: "0",
  Q: "0",
  D: "0",
  l: "1",
  I: "1",
  i: "1",
  "|": "1",
  "!": "1",
  "]": "1",
  ")": "1",
  Z: "2",
  z: "2",
  "%": "4",
  S: "5",
  s: "5",
  G: "6",
  b: "6",
  B: "8",
  q: "9",
  g: "9",
};
const D = "[0-9OoQDlIi|!\\])ZzSsGbBqg%]";
/** A digit where the suffix letter belongs is a misread letter: 1234-56(8) is 1234-56(B), 1234-018 is 1234-01B. */
const LETTER_FOR: Record<string, string> = {
  "8": "B",
  "4": "A",
  "0": "D",
  "5": "S",
  "6": "G",
  "1": "I",
  "2": "Z",
  "€": "E",
  "£": "E",
  "¢": "C",
};
/** Only these digits are taken for a letter without brackets: the letters they are mistaken for are common. */
const BARE_LETTER_DIGITS = "804";
const DASH = "[-\u2010-\u2015~_]";
/** A dash ending the line ("3970-", "(WO 3970-)"): the reading stopped short of the rest of the number. */
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
 * Not glued to a word, a path, an amount or a longer number on either side, except after a list marker at the
 * start of a line: OCR often drops the space in "2. 4861-01".
 */
const BEFORE = String.raw`(?:(?<=^\s*\d{1,2}\.)|(?<![A-Za-z0-9/.$:@+\-\u2010-\u2015_]))`;
const AFTER = String.raw`(?![A-Za-z0-9/]|[-\u2010-\u2015][0-9A-Za-z]|[.,]\d)`;
const PATTERN = new RegExp(
  `${BEFORE}(${PREFIX})?(${D}{4})(?:\\s?(?:(${DASH})|(${DOT})|( ))\\s?(${D}{2})(?:\\s?[([{]\\s?([A-Za-z0-9€£¢])\\s?[)\\]}]?|([A-Za-z€£¢])|([${BARE_LETTER_DIGITS}]))?)?${AFTER}`,
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

/**
 * Digits of a candidate with look-alikes read back; null when more than `allowed` characters are look-alikes
 * (so a word such as "SOIL" or "BOSS" never becomes a number).
 */
function digitsOf(raw: string, allowed: number): string | null {
  let lookalikes = 0;
  let out = "";
  for (const ch of raw) {
    if (ch >= "0" && ch <= "9") out += ch;
    else {
      lookalikes++;
      out += LOOKALIKE[ch] ?? "?";
    }
  }
  return out.includes("?") || lookalikes > allowed ? null : out;
}

export interface Candidate {
  work_order: string;
  start: number;
  end: number;
  /** Four digits alone without a label: a work order only where the page says so (see work-orders.ts). */
  bare: boolean;
  /** Four digits and a dash with nothing after it ("3970-"): the reading lost the rest of the number. */
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
    const [whole, prefix, head, , dot, space, tail, boxed, letter, digitLetter] = m;
    const labelled = !!prefix;
    if (space && !labelled) continue;
    // A label makes the reading trustworthy enough for one more look-alike.
    const main = digitsOf(head!, labelled ? 2 : 1);
    if (!main) continue;
    const suffix = tail === undefined ? "" : digitsOf(tail, 1);
    if (suffix === null) continue;
    const start = m.index! + (prefix?.length ?? 0);
    const end = m.index! + whole.length;
    if (!labelled && isNearMiss(line, start, end, main, suffix, !!dot)) continue;
    let wo = suffix ? `${main}-${suffix}` : main;
    if (boxed) wo += `(${(LETTER_FOR[boxed] ?? boxed).toUpperCase()})`;
    else if (letter) wo += (LETTER_FOR[letter] ?? letter).toUpperCase();
    else if (digitLetter) wo += LETTER_FOR[digitLetter]!;
    const cut = !tail && CUT_AFTER.test(line.slice(end));
    found.push({ work_order: wo, start, end, bare: !tail && !labelled, cut });
  }
  return found;
}

/** A number that is shaped like a work order but, by what surrounds it, is a date, phone, id, page or measure. */
function isNearMiss(line: string, start: number, end: number, head: string, tail: string, dot: boolean) {
  const before = line.slice(Math.max(0, start - 40), start).toLowerCase();
  const after = line.slice(end, end + 12);
  if (UNIT_AFTER.test(after) || OTHER_NUMBER_BEFORE.test(before)) return true;
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
