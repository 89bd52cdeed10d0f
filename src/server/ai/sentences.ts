/**
 * Sentences of text extracted from a PDF page. The text keeps the PDF's line breaks, so a sentence runs over
 * several lines; a list ("Recent values per share:" then "- December 31, 2025: $48.20" items) is kept as one
 * unit with its lead-in, since an item alone rarely makes sense; running headers, footers ("Page 5 of 9") and
 * headings are left out.
 */
const MIN_CHARS = 25;
const FOOTER = /\bpage \d+ of \d+\b/i;

const isItem = (line: string) => /^[-•*–]\s+/.test(line);
const endsSentence = (line: string) => /[.!?:;]["”’)]?$/.test(line);
/**
 * A heading or a running header: no lower-case letter at all, or short without closing punctuation and not
 * continued on the next line (a wrapped sentence goes on in lower case).
 */
const isHeading = (line: string, next?: string) =>
  !/\p{Ll}/u.test(line) ||
  (line.length < 60 && !endsSentence(line) && !isItem(line) && !(next && /^\p{Ll}/u.test(next)));

export interface Block {
  text: string;
  /** A list with its lead-in: quoted whole, never split into sentences. */
  list: boolean;
  /** The heading the block stands under on its page, if any. */
  heading: string;
}

/** Paragraph-like blocks: wrapped lines joined back, lists grouped with their lead-in. */
export function blocks(text: string): Block[] {
  const lines = text
    .split(/\n/)
    .map((l) => l.trim())
    .filter((l) => l && !FOOTER.test(l));
  const out: Block[] = [];
  let current = "";
  let inList = false;
  let heading = "";
  const flush = () => {
    if (current.trim()) out.push({ text: current.trim(), list: inList, heading });
    current = "";
    inList = false;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    if (isItem(line)) {
      const item = line.replace(/^[-•*–]\s+/, "");
      if (inList) current = `${current.replace(/[.;]$/, "")}; ${item}`;
      else current = current.endsWith(":") ? `${current} ${item}` : item;
      inList = true;
      continue;
    }
    if (inList) {
      // A wrapped item continues in lower case; anything else starts a new paragraph.
      if (/^\p{Ll}/u.test(line)) {
        current += ` ${line}`;
        continue;
      }
      flush();
    }
    if (!current && isHeading(line, next)) {
      // Running headers are all capitals; a section heading has lower-case letters.
      if (/\p{Ll}/u.test(line)) heading = line;
      continue;
    }
    // A list's lead-in ("Recent values per share:") starts its own block.
    if (current && line.endsWith(":") && next && isItem(next) && /[.!?]["”’)]?$/.test(current)) flush();
    current = current ? `${current} ${line}` : line;
    // A line that ends a sentence and is followed by a heading or a new item closes the block.
    if (
      endsSentence(line) &&
      (!next || isHeading(next, lines[i + 2]) || isItem(next)) &&
      !line.endsWith(":")
    ) {
      flush();
    }
  }
  flush();
  return out;
}

export interface SentenceUnit {
  text: string;
  heading: string;
}

/** Sentences (and whole lists) of a page's text, in order, each with the heading it stands under. */
export function splitSentences(text: string): SentenceUnit[] {
  return blocks(text)
    .flatMap((b) =>
      (b.list ? [b.text] : b.text.split(/(?<=[.!?])["”’)]?\s+(?=["“(]?[\p{Lu}0-9])/u)).map((t) => ({
        text: t.replace(/\s+/g, " ").trim(),
        heading: b.heading,
      })),
    )
    .filter((s) => s.text.length >= MIN_CHARS && /\p{L}/u.test(s.text));
}

/** Where the sentence holding offset `i` of `text` starts (at most `max` characters back). */
export function sentenceStart(text: string, i: number, max = 400): number {
  const from = Math.max(0, i - max);
  for (let j = i; j > from; j--) {
    const prev = text[j - 1]!;
    if (prev === "\n" && (isItem(text.slice(j, j + 3)) || /[.!?:]$/.test(text.slice(0, j - 1)))) return j;
    if (/\s/.test(prev) && /[.!?]["”’)]?$/.test(text.slice(Math.max(0, j - 3), j - 1))) return j;
  }
  return from === 0 ? 0 : i;
}

/** Where the sentence holding offset `i` ends (after its closing punctuation; at most `max` further). */
export function sentenceEnd(text: string, i: number, max = 400): number {
  const to = Math.min(text.length, i + max);
  for (let j = Math.max(i, 1); j < to; j++) {
    if (/[.!?]/.test(text[j - 1]!) && /\s/.test(text[j]!)) return j;
  }
  return to === text.length ? to : i;
}
