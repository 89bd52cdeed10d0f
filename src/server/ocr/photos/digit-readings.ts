import type { ReadChar } from "./ppocr/recogniser";

/**
 * A work order's shape tells where a digit must stand: four digits, a dash, two digits, then perhaps a letter.
 * Handwriting makes a 2 look like a Z, a 4 like a y, a 7 like a T, and the recogniser, reading the line as
 * words, may give the letter. It also says how likely each digit was at that place. So in a run shaped like a
 * work order, most of whose digits were read as digits, a letter where a digit must stand is read as the
 * likeliest digit when the recogniser gave digits any real weight there; likewise a digit where the suffix
 * letter stands is read as the likeliest letter. What stands then carries the recogniser's own probability for
 * the character chosen, never more: a digit it gave a few hundredths keeps its few hundredths, so the reading's
 * confidence says how doubtful that place is and a shaky reading is offered for checking, not listed as found.
 * Pure functions.
 */

/** Inside ordinary words the recogniser gives the digits a few thousandths at most. */
export const DIGIT_WEIGHT = 0.01;
/** Of a run's six digits (four for a bare number, three), at least this many read as digits outright. */
const READ_AS_DIGITS = 0.5;

const isDigit = (ch: string) => ch >= "0" && ch <= "9";
const isAlnum = (ch: string | undefined) => !!ch && /[A-Za-z0-9]/.test(ch);
/** A dash as read, or its handwritten stand-ins (a dot or comma for a short dash, a tilde or low line). */
const isDash = (ch: string | undefined) => !!ch && /[-~_.,]/.test(ch);
/** Letters and the marks a stroke of a digit is read as ("+" for a 4, "?" for a 2). */
const mayBeDigit = (c: ReadChar | undefined) =>
  !!c && (isDigit(c.char) || (/[A-Za-z+%&?!]/.test(c.char) && c.digitP >= DIGIT_WEIGHT));

/** The characters of one box with work-order shaped runs read as the shape needs. */
export function readWorkOrderShapes(chars: ReadChar[]): ReadChar[] {
  const out = chars.map((c) => ({ ...c }));
  let i = 0;
  while (i + 4 <= out.length) {
    const end = shapeAt(out, i);
    if (end < 0) {
      i++;
      continue;
    }
    for (let k = i; k < end; k++) if (k !== i + 4 && !isDigit(out[k]!.char)) asDigit(out[k]!);
    const suffix = end > i + 4 ? suffixAt(out, i) : undefined;
    if (suffix && mayBeLetter(suffix, bracketed(out, i) ? 0 : DIGIT_WEIGHT)) {
      suffix.char = suffix.letter;
      suffix.p = suffix.letterP;
    }
    i = end;
  }
  return out;
}

/**
 * Where a work order starts at `i` (four places that may be digits, not glued to a digit before), the index
 * after its digits (4, or 7 with the dash and two more); -1 when none does. At least half its digits must be
 * read as digits outright: a word is never turned into a number.
 */
function shapeAt(chars: ReadChar[], i: number): number {
  if (i > 0 && isDigit(chars[i - 1]!.char)) return -1;
  for (let k = i; k < i + 4; k++) if (!mayBeDigit(chars[k])) return -1;
  const after = chars[i + 7];
  const withTail =
    isDash(chars[i + 4]?.char) &&
    mayBeDigit(chars[i + 5]) &&
    mayBeDigit(chars[i + 6]) &&
    (!after || !isDigit(after.char) || (mayBeLetter(after) && !isAlnum(chars[i + 8]?.char)));
  const end = withTail ? i + 7 : i + 4;
  if (!withTail && isAlnum(chars[end]?.char) && !isDash(chars[end]?.char)) return -1;
  let digits = 0;
  for (let k = i; k < end; k++) if (isDigit(chars[k]!.char)) digits++;
  const places = withTail ? 6 : 4;
  return digits >= places * READ_AS_DIGITS ? end : -1;
}

/** The suffix letter's place after a work order at `i`: right after its digits, or inside a bracket there. */
function suffixAt(chars: ReadChar[], i: number): ReadChar | undefined {
  if (!isDash(chars[i + 4]?.char)) return undefined;
  const next = chars[i + 7];
  if (next && /[([{]/.test(next.char))
    return /[)\]}]/.test(chars[i + 9]?.char ?? ")") ? chars[i + 8] : undefined;
  // A digit glued after the two is a suffix only when nothing alphanumeric follows it.
  return next && !isAlnum(chars[i + 8]?.char) ? next : undefined;
}

/** The suffix place is inside a bracket ("4240-07(8)"): the firm puts nothing there but the letter. */
const bracketed = (chars: ReadChar[], i: number) => /[([{]/.test(chars[i + 7]?.char ?? "");

/**
 * A digit glued where the suffix letter stands, that the recogniser also thought might be a capital letter: a
 * third digit after the dash makes no work order, so the letter it may be is read. In a bracket a letter is read
 * however little weight it had, since nothing else stands there.
 */
const mayBeLetter = (c: ReadChar, minWeight = DIGIT_WEIGHT) =>
  isDigit(c.char) && !!c.letter && c.letterP >= minWeight;

function asDigit(c: ReadChar) {
  c.char = c.digit;
  c.p = c.digitP;
}
