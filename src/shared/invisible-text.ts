/**
 * Invisible format characters (Unicode category Cf) in text people type or import. A right-to-left override
 * (U+202E) makes "Invoice‮fdp.exe" read as "Invoiceexe.pdf" in a list; zero-width spaces, soft hyphens and word
 * joiners make two values that look the same compare, sort and search differently; tag characters (U+E0000 block)
 * carry hidden ASCII to the answer model. Text fields refuse them with INVISIBLE_TEXT; search boxes drop them
 * (common.ts says why). Storage keys use the same sentence (storage-keys.ts).
 *
 * Kept, because real text needs them:
 * - ZWJ U+200D and ZWNJ U+200C between two visible characters of a script that joins: emoji sequences
 *   (👩‍💻, 🏳️‍🌈), Persian and Indic spelling. Next to a space, an edge, ASCII, or a Latin, Greek or Cyrillic letter
 *   they join nothing and only hide inside a word ("ad‍min"), so they are refused there.
 * - Tag characters only inside an emoji tag sequence (🏴 + tag letters + cancel tag: the flags of Scotland, Wales…).
 * Refused, deliberately:
 * - Soft hyphen U+00AD: only a line-break hint, yet it makes "ad­min" a different word from "admin" (search misses
 *   it). Refusing it tells the person; silently dropping it would store something other than what was sent.
 * - U+FEFF inside text. A leading or trailing one is whitespace to String.trim, so text() trims it before checking.
 * - The Arabic number signs (U+0600–U+0605) and the rest of Cf: no text this portal keeps uses them.
 */
export const INVISIBLE_TEXT = "must not contain invisible or direction-changing characters";

const ZWJ = "\u200d";
const ZWNJ = "\u200c";
const BLACK_FLAG = "\u{1f3f4}";
const TAG_SPEC = /^[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]$/u;
const CANCEL_TAG = "\u{e007f}";
const FORMAT = /^\p{Cf}$/u;
/** What a joiner may sit between: visible, not ASCII, and not a script that never joins. */
const JOINABLE =
  /^[^\s\p{C}\p{Z}\u0000-\u007f\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}]$|^\p{Extended_Pictographic}$|^\p{Emoji_Modifier}$|^\ufe0f$/u;
/** Printable ASCII plus tab and newlines holds no format character: skip the walk for it. */
const ASCII = /^[\u0000-\u007f]*$/;

const joinable = (c: string | undefined) => c !== undefined && JOINABLE.test(c);

/** `s` without the format characters it may not hold (see above); `s` itself when it holds none. */
function scrub(s: string): string {
  const cps = [...s];
  let out = "";
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i]!;
    if (c === BLACK_FLAG) {
      let j = i + 1;
      while (j < cps.length && TAG_SPEC.test(cps[j]!)) j++;
      if (j > i + 1 && cps[j] === CANCEL_TAG) {
        out += cps.slice(i, j + 1).join("");
        i = j;
        continue;
      }
    }
    const keep =
      !FORMAT.test(c) || ((c === ZWJ || c === ZWNJ) && joinable(cps[i - 1]) && joinable(cps[i + 1]));
    if (keep) out += c;
  }
  return out.length === s.length ? s : out;
}

/** True when `s` holds a bidi control or another invisible format character text may not keep. */
export const hasInvisible = (s: string): boolean => !ASCII.test(s) && scrub(s) !== s;

/** `s` with those characters removed (for text that is only looked up, never kept: search boxes). */
export const stripInvisible = (s: string): string => (ASCII.test(s) ? s : scrub(s));
