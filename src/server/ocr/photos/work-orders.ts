import type { Rival } from "./ppocr/ctc";
import { HEADER, OTHER_NUMBER_BEFORE, workOrdersInLine } from "./work-order-text";

/**
 * Work orders on a page of OCR lines, in reading order, each with the box of the words it was read from. A line
 * gives its candidates (work-order-text.ts); four digits alone are kept only where the page labels them: under a
 * W.O. or Job No. column heading, or as an item of a list whose other items are work orders.
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
  /** How likely each character of `text` was read right (0–1), where the reader says. */
  charProbabilities?: number[];
  /** What the reader also weighed at each character (digits, or capitals for a letter), likeliest first. */
  charRivals?: Rival[][];
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
  /** Read cut short ("3970-"): the number on the paper is longer, so it is not given as found. */
  cut: boolean;
  /**
   * The number's places in order (four digits, or six with the two after the dash, and the suffix letter) as
   * read, each with its probability and what else the reader weighed there; absent for plain text.
   */
  places?: PlaceRead[];
}

export interface PlaceRead extends Rival {
  rivals: Rival[];
}

interface Found extends ExtractedWorkOrder {
  bare: boolean;
  /** Nothing but a list marker (and a label) before it on its line. */
  leads: boolean;
  /** The whole of a list item: a marker ("3.", "-", "•"), the number, nothing after. */
  item: boolean;
  afterOtherNumber: boolean;
  line: number;
}

export function extractFromLines(lines: LineLike[]): ExtractedWorkOrder[] {
  const found: Found[] = [];
  const headings: Bbox[] = [];
  let previous = "";
  lines.forEach((line, index) => {
    const words = line.words.filter((w) => w.text.trim());
    // Rebuild the line with single spaces, remembering where each word starts.
    const starts: number[] = [];
    let text = "";
    for (const w of words) {
      if (text) text += " ";
      starts.push(text.length);
      text += w.text.trim();
    }
    const boxOf = (start: number, end: number) => {
      const used = words.filter((w, i) => starts[i]! < end && starts[i]! + w.text.trim().length > start);
      return { box: unionBox(used.map((w) => w.bbox).filter((b): b is Bbox => !!b)), used };
    };
    // Column headings are a row of capitalised words without numbers; a label in a line of prose is not one.
    const headingRow = !/\d{3}/.test(text) && words.every((w) => !/^[a-z]/.test(w.text.trim()));
    for (const m of headingRow ? text.matchAll(HEADER) : []) {
      const box = boxOf(m.index!, m.index! + m[0].length).box;
      if (box) headings.push(box);
    }
    for (const c of workOrdersInLine(text)) {
      const { box, used } = boxOf(c.start, c.end);
      found.push({
        work_order: c.work_order,
        bbox: box,
        confidence:
          numberConfidence(words, starts, c.start, c.end) ??
          Math.round(mean(used.map((w) => w.confidence ?? 0))),
        cut: c.cut,
        places: placesOf(words, starts, c.start, c.end),
        bare: c.bare,
        leads: LEADS.test(text.slice(0, c.start)),
        // "Suite" or "Employee ID" at the end of the line before: the number was wrapped onto this one.
        afterOtherNumber:
          c.bare && /^\s*$/.test(text.slice(0, c.start)) && OTHER_NUMBER_BEFORE.test(previous),
        item: ITEM_BEFORE.test(text.slice(0, c.start)) && /^\W*$/.test(text.slice(c.end)),
        line: index,
      });
    }
    previous = text.toLowerCase();
  });
  const out: ExtractedWorkOrder[] = [];
  const seen = new Map<string, number>();
  for (const f of found) {
    if (f.bare && (f.afterOtherNumber || (!underHeading(f, headings) && !inListOfWorkOrders(f, found))))
      continue;
    const key = f.work_order.toUpperCase();
    const at = seen.get(key);
    const item = {
      work_order: f.work_order,
      bbox: f.bbox,
      confidence: f.confidence,
      cut: f.cut,
      ...(f.places ? { places: f.places } : {}),
    };
    // Read twice: kept once, in its first place, as its surer reading.
    if (at === undefined) seen.set(key, out.push(item) - 1);
    else if (surer(item, out[at]!)) out[at] = item;
  }
  return out;
}

/**
 * How sure the reading of the number itself is, in percent (perCharacter over its characters); a label or a word
 * glued to it is no part of it. Undefined when the reader gave no character's probability (plain text).
 */
function numberConfidence(words: WordLike[], starts: number[], start: number, end: number) {
  const probs: number[] = [];
  words.forEach((w, i) => {
    if (!w.charProbabilities) return;
    const text = w.text.trim();
    const lead = w.text.indexOf(text);
    for (let k = Math.max(start, starts[i]!); k < Math.min(end, starts[i]! + text.length); k++)
      probs.push(w.charProbabilities[k - starts[i]! + lead] ?? 0);
  });
  return probs.length ? Math.round(100 * perCharacter(probs)) : undefined;
}

/** The digits and letters read between `start` and `end` of the line, with what the reader weighed at each. */
function placesOf(words: WordLike[], starts: number[], start: number, end: number) {
  const places: PlaceRead[] = [];
  words.forEach((w, i) => {
    if (!w.charRivals || !w.charProbabilities) return;
    const text = w.text.trim();
    const lead = w.text.indexOf(text);
    for (let k = Math.max(start, starts[i]!); k < Math.min(end, starts[i]! + text.length); k++) {
      const at = k - starts[i]! + lead;
      const ch = w.text[at]!.toUpperCase();
      if (/[0-9A-Z]/.test(ch))
        places.push({ ch, p: w.charProbabilities[at] ?? 0, rivals: w.charRivals[at] ?? [] });
    }
  });
  return places.length ? places : undefined;
}

/**
 * How likely a run of characters was read right: the product of their probabilities, taken per character (the
 * geometric mean), so one doubtful digit weighs on a number as it should and a long word is not penalised.
 */
export function perCharacter(probs: number[]): number {
  return Math.exp(probs.reduce((s, p) => s + Math.log(Math.max(1e-4, p)), 0) / probs.length);
}

/** Of two readings of one work order, whether `a` is the surer: a whole one before one cut short, then confidence. */
const surer = (a: ExtractedWorkOrder, b: ExtractedWorkOrder) =>
  a.cut !== b.cut ? !a.cut : a.confidence > b.confidence;

/** Work orders in plain text (one line per line). */
export function extractWorkOrders(text: string): string[] {
  const lines = text.split(/\r?\n/).map((l) => ({ words: l.split(/\s+/).map((t) => ({ text: t })) }));
  return extractFromLines(lines).map((w) => w.work_order);
}

const MARKER = String.raw`(?:\(?\d{1,2}[.)]|[-•*·–])`;
const LEADS = new RegExp(String.raw`^\s*${MARKER}?\s*$|^\s*${MARKER}?\s*\S{1,10}\s*$`);
const ITEM_BEFORE = new RegExp(String.raw`^\s*${MARKER}\s*$`);

/** Below a W.O. / Job No. heading, its middle within half a heading's width of it: a cell of that column. */
function underHeading(f: Found, headings: Bbox[]): boolean {
  const b = f.bbox;
  if (!b) return false;
  const middle = (b.x0 + b.x1) / 2;
  return headings.some((h) => {
    const half = (h.x1 - h.x0) / 2;
    return h.y1 <= b.y0 && middle >= h.x0 - half && middle <= h.x1 + half;
  });
}

/**
 * The whole of an item of a list whose other items start with work orders (with or without a label): it has a
 * list marker and nothing after it, and a work order with a dash leads another line at about the same distance
 * from the left (boxes) or anywhere (plain text).
 */
function inListOfWorkOrders(f: Found, all: Found[]): boolean {
  if (!f.item) return false;
  return all.some((o) => {
    if (o === f || o.bare || !o.leads || o.line === f.line) return false;
    if (!f.bbox || !o.bbox) return true;
    const height = f.bbox.y1 - f.bbox.y0;
    return Math.abs(o.bbox.x0 - f.bbox.x0) <= height * 1.5;
  });
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
