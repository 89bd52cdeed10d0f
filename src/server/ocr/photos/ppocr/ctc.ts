/**
 * Greedy CTC decoding of the recogniser's output: at each step the likeliest character, repeats folded, the blank
 * (class 0) dropped. The recogniser's list is mostly Chinese; paperwork here holds Latin letters, digits and
 * a little punctuation. So only those compete, and a character is the sum of the classes that draw it: the
 * full-width forms of the list ("４", "（") and the few Chinese signs that are the same strokes as a Latin one
 * (一 is a dash, 〇 a zero) are other names for the same mark on paper.
 */

export interface DecodedChar {
  char: string;
  /** Probability of the character at the step it was read (0–1). */
  p: number;
  /** The step it was read at (its place along the crop). */
  step: number;
  /**
   * The likeliest digit at that step: its probability, and its share of all the digits' (how sure the reading
   * is where only a digit can stand).
   */
  digit: string;
  digitP: number;
  digitShare: number;
  /**
   * The likeliest digits at that step, likeliest first, with their probabilities: what a doubtful digit may
   * have been instead (a 6 read where an 0 was written), for checking a reading against the project register.
   */
  digits: Rival[];
  /** The likeliest capital letters there, likewise (what a suffix letter may have been). */
  letters: Rival[];
  /** The likeliest capital letter there, likewise (a suffix letter written like a digit). */
  letter: string;
  letterP: number;
  letterShare: number;
}

/** A character the recogniser also gave weight to at a step. */
export interface Rival {
  ch: string;
  p: number;
}

/** Digits (and capitals) kept per step as rivals: the likeliest and the two next. */
const RIVALS = 3;

/** The characters that may be read, each with the recogniser's classes that stand for it. */
export interface Alphabet {
  chars: string[];
  classes: Int32Array[];
}

/** Signs of the list drawn with the same strokes as a Latin character. */
const SAME_MARK: Record<string, string> = {
  一: "-",
  "—": "-",
  "–": "-",
  "‐": "-",
  丨: "|",
  〇: "0",
  "。": ".",
  "、": ",",
  "“": '"',
  "”": '"',
  "‘": "'",
  "’": "'",
};

/**
 * The alphabet of a class list (`list[i]` is class i + 1's character; class 0 is the blank, and the class after
 * the list is the space). `keep` says which plain characters may be read.
 */
export function alphabetOf(list: readonly string[], keep: (ch: string) => boolean): Alphabet {
  const byChar = new Map<string, number[]>();
  const all = [...list, " "];
  all.forEach((raw, i) => {
    const ch = SAME_MARK[raw] ?? raw.normalize("NFKC");
    if (ch.length !== 1 || !keep(ch)) return;
    const ids = byChar.get(ch) ?? [];
    ids.push(i + 1);
    byChar.set(ch, ids);
  });
  const chars = [...byChar.keys()];
  return { chars, classes: chars.map((c) => Int32Array.from(byChar.get(c)!)) };
}

/** `probs` holds steps × classes probabilities from `offset`; `steps` may stop short of the padding. */
export function ctcDecode(
  probs: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  alphabet: Alphabet,
): DecodedChar[] {
  const out: DecodedChar[] = [];
  let last = -1;
  for (let t = 0; t < steps; t++) {
    const row = offset + t * classes;
    let best = -1;
    let bestP = probs[row]!;
    for (let k = 0; k < alphabet.chars.length; k++) {
      const ids = alphabet.classes[k]!;
      let p = 0;
      for (let j = 0; j < ids.length; j++) p += probs[row + ids[j]!]!;
      if (p > bestP) {
        bestP = p;
        best = k;
      }
    }
    if (best >= 0 && best !== last)
      out.push({ char: alphabet.chars[best]!, p: bestP, step: t, ...alternatives(probs, row, alphabet) });
    last = best;
  }
  return out;
}

function alternatives(probs: Float32Array, row: number, alphabet: Alphabet) {
  const digit = { ch: "", p: 0, sum: 0 };
  const letter = { ch: "", p: 0, sum: 0 };
  const digits: Rival[] = [];
  const letters: Rival[] = [];
  for (let k = 0; k < alphabet.chars.length; k++) {
    const ch = alphabet.chars[k]!;
    const best = ch >= "0" && ch <= "9" ? digit : ch >= "A" && ch <= "Z" ? letter : null;
    if (!best) continue;
    const ids = alphabet.classes[k]!;
    let p = 0;
    for (let j = 0; j < ids.length; j++) p += probs[row + ids[j]!]!;
    best.sum += p;
    if (p > best.p) [best.ch, best.p] = [ch, p];
    (best === digit ? digits : letters).push({ ch, p });
  }
  const likeliest = (rivals: Rival[]) => rivals.sort((a, b) => b.p - a.p).slice(0, RIVALS);
  return {
    digits: likeliest(digits),
    letters: likeliest(letters),
    digit: digit.ch,
    digitP: digit.p,
    digitShare: digit.sum ? digit.p / digit.sum : 0,
    letter: letter.ch,
    letterP: letter.p,
    letterShare: letter.sum ? letter.p / letter.sum : 0,
  };
}
