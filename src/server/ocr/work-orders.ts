/**
 * Work orders in OCR text. The firm writes them `1234`, `1234-56`, `1234-56A` or `1234-56(A)`, often after a
 * `W.O.` label. OCR misreads digits as look-alike letters (O/0, l/1, S/5, B/8…), so digit positions accept those
 * letters and read them back as digits, within limits so ordinary words never turn into work orders. Numbers that
 * only look like work orders (dates, phone numbers, page numbers, measurements) are left out by their context.
 * Pure functions: the OCR pool hands us lines of words with boxes; tests hand us plain text.
 */

export interface Bbox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface WordLike {
  text: string;
  confidence?: number;
  bbox?: Bbox;
}
export interface LineLike {
  words: WordLike[];
}
export interface ExtractedWorkOrder {
  work_order: string;
  /** Union of the boxes of the words it was read from (null for plain text). */
  bbox: Bbox | null;
  confidence: number;
}

/** Letters OCR gives for a digit, and the digit they stand for. */
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
  Z: "2",
  z: "2",
  S: "5",
  s: "5",
  G: "6",
  B: "8",
};
const D = "[0-9OoQDlIi|!ZzSsGB]";
/** In "(B)" a digit can only be a misread letter: 1234-56(8) is 1234-56(B). */
const LETTER_FOR: Record<string, string> = {
  "8": "B",
  "4": "A",
  "0": "O",
  "5": "S",
  "6": "G",
  "1": "I",
  "2": "Z",
};
const DASH = "[-\u2010-\u2015~_]";
const PREFIX = String.raw`(?:[Ww]\s?[.,]?\s?[Oo0]\.?|[Ww]\s?\/\s?[Oo0]|[Ww]ork\s?[Oo]rder)\s*(?:[Nn][Oo0]\.?|[Nn]umber|#)?\s*[:#.]?\s*`;
/**
 * Not glued to a word, a path, an amount or a longer number on either side, except after a list marker at the
 * start of a line: OCR often drops the space in "2. 4861-01".
 */
const BEFORE = String.raw`(?:(?<=^\s*\d{1,2}\.)|(?<![A-Za-z0-9/.$:@+\-\u2010-\u2015_]))`;
const AFTER = String.raw`(?![A-Za-z0-9/]|[-\u2010-\u2015][0-9A-Za-z]|[.,]\d)`;
const PATTERN = new RegExp(
  `${BEFORE}(${PREFIX})?(${D}{4})(?:\\s?${DASH}\\s?(${D}{2})(?:\\s?[([{]\\s?([A-Za-z0-9])\\s?[)\\]}]|([A-Za-z]))?)?${AFTER}`,
  "g",
);

const MONTH_BEFORE =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*(?:\d{1,2}(?:st|nd|rd|th)?\s*,?\s*)?$/;
const PHONE_BEFORE = /(?:\(\d{3}\)\s?|\b\d{3}[\s.]?|\b(?:tel|phone|ph|fax|cell|mobile|ext|x)\.?\s*:?\s*)$/;
const PAGE_BEFORE = /\b(?:page|pg|p|sheet|of|copyright|rev|revised)\.?\s*:?\s*$|©\s*$/;
const UNIT_AFTER = /^\s?(?:ft|feet|in|mm|cm|m|km|psi|psf|pcf|lbs?|kg|%|sf|sq|hrs?|am|pm|gal)\b/i;

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

interface Candidate {
  work_order: string;
  start: number;
  end: number;
}

/** Work orders in one line of text, with where each sits in it. */
export function workOrdersInLine(line: string): Candidate[] {
  const found: Candidate[] = [];
  for (const m of line.matchAll(PATTERN)) {
    const [whole, prefix, head, tail, boxed, bare] = m;
    const labelled = !!prefix;
    // A label makes the reading trustworthy enough for one more look-alike.
    const main = digitsOf(head!, labelled ? 2 : 1);
    if (!main) continue;
    const suffix = tail === undefined ? "" : digitsOf(tail, 1);
    if (suffix === null) continue;
    const start = m.index! + (prefix?.length ?? 0);
    const end = m.index! + whole.length;
    if (!labelled && isNearMiss(line, m.index!, end, !!tail)) continue;
    let wo = suffix ? `${main}-${suffix}` : main;
    if (boxed) wo += `(${(LETTER_FOR[boxed] ?? boxed).toUpperCase()})`;
    else if (bare) wo += bare.toUpperCase();
    found.push({ work_order: wo, start, end });
  }
  return found;
}

/** A number that is shaped like a work order but, by what surrounds it, is a date, phone, page or measure. */
function isNearMiss(line: string, start: number, end: number, hasSuffix: boolean): boolean {
  const before = line.slice(Math.max(0, start - 40), start).toLowerCase();
  const after = line.slice(end, end + 12);
  if (UNIT_AFTER.test(after)) return true;
  if (hasSuffix) return /\(\d{3}\)\s?$/.test(before);
  return MONTH_BEFORE.test(before) || PHONE_BEFORE.test(before) || PAGE_BEFORE.test(before);
}

/** Work orders in OCR lines (reading order), without blanks or duplicates, each with its box. */
export function extractFromLines(lines: LineLike[]): ExtractedWorkOrder[] {
  const out: ExtractedWorkOrder[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const words = line.words.filter((w) => w.text.trim());
    // Rebuild the line with single spaces, remembering where each word starts.
    const starts: number[] = [];
    let text = "";
    for (const w of words) {
      if (text) text += " ";
      starts.push(text.length);
      text += w.text.trim();
    }
    for (const c of workOrdersInLine(text)) {
      const key = c.work_order.toUpperCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const used = words.filter((w, i) => {
        const s = starts[i]!;
        return s < c.end && s + w.text.trim().length > c.start;
      });
      out.push({
        work_order: c.work_order,
        bbox: unionBox(used.map((w) => w.bbox).filter((b): b is Bbox => !!b)),
        confidence: Math.round(mean(used.map((w) => w.confidence ?? 0))),
      });
    }
  }
  return out;
}

/** Work orders in plain text (one line per line). */
export function extractWorkOrders(text: string): string[] {
  const lines = text.split(/\r?\n/).map((l) => ({ words: l.split(/\s+/).map((t) => ({ text: t })) }));
  return extractFromLines(lines).map((w) => w.work_order);
}

function unionBox(boxes: Bbox[]): Bbox | null {
  if (!boxes.length) return null;
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
