/**
 * The units an answer quotes from a PDF page's text: sentences, whole lists with their lead-in, and table rows.
 * The text keeps the PDF's line breaks, so a sentence runs over several lines and is joined back; a list ("Recent
 * values per share:" then its items) is one unit, since an item alone rarely makes sense; a table row is a unit of
 * its own. Headings (numbered or not), running headers and footers ("Page 5 of 9") are never quoted: a unit
 * remembers the heading it stands under instead. Splitting knows abbreviations ("Rev. 4", "e.g.", "Jr.").
 */
const MIN_CHARS = 25;
const FOOTER = /\bpage \d+( of \d+)?\b/i;

/** A list item's marker: a bullet or dash, or "1." / "1)" / "a)" / "(a)" / "iv." before the item's words. */
const ITEM = /^(?:[-•*–▪◦]|\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)])\s+/;
/** Its longer words all capitalised: "Sample Storage" (a title, not a sentence). */
const isTitle = (line: string) =>
  line
    .replace(ITEM, "")
    .split(/\s+/)
    .filter((w) => w.length >= 4)
    .every((w) => /^[\p{Lu}\p{N}(]/u.test(w));
/** A list item, unless it is a numbered title ("5. Share Value" is a heading). */
const isItem = (line: string) =>
  ITEM.test(line) && !(/^\d/.test(line) && !endsSentence(line) && line.length < 70 && isTitle(line));
const endsSentence = (line: string) => /[.!?:;]["”’)]?$/.test(line);
/** The number in front of a numbered heading ("4.2 ", "A. "). */
const NUMBERED_PREFIX = /^(?:\d+(?:\.\d+)*|[A-Z])\.?\s+/;
/** "4.2 Sample Storage", "6 Site Access", "A. Scope", "Section 3 – Leave": a numbered heading. */
const NUMBERED_HEADING =
  /^(?:(?:section|part|chapter|article)\s+)?(?:\d+(?:\.\d+)*|[A-Z])\.?\s+[\p{Lu}\p{N}]/iu;

/**
 * A heading or a running header: no lower-case letter at all, a numbered title, or short (a table's header line
 * is spaced out into columns: counted with its spaces folded) without closing punctuation and not continued on
 * the next line (a wrapped sentence goes on in lower case).
 */
const isHeading = (line: string, next?: string) =>
  // A numbered title keeps its year, a date or the table it names ("2.2 Mileage Rates – Calendar Year 2026",
  // "4.2 Table 2 – Rock Tests"); other figures make a table row ("1 Tube Consolidation ASTM D2435 15").
  (/^\d/.test(line) && numberedTitle(line)) ||
  // Otherwise a figure after the first word ("Proctor compaction 25 kg") makes a table row, not a title.
  (!/^\S+\s.*\d/u.test(line.replace(NUMBERED_PREFIX, "")) &&
    (!/\p{Ll}/u.test(line) ||
      (line.length < 90 && !endsSentence(line) && NUMBERED_HEADING.test(line) && !isItem(line)) ||
      (line.replace(/\s+/g, " ").length < 60 &&
        !endsSentence(line) &&
        !isItem(line) &&
        !(next && /^\p{Ll}/u.test(next)))));
/** What a title may number besides its section: a year or date at its end, a table or figure it names. */
const TITLE_FIGURES =
  /\b(?:(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, )?(?:19|20)\d\d$|\b(?:Table|Figure|Appendix|Part) \d+\b/g;
const numberedTitle = (line: string) => {
  const rest = line.replace(NUMBERED_PREFIX, "");
  return (
    line.length < 90 &&
    !endsSentence(line) &&
    NUMBERED_HEADING.test(line) &&
    /\d/.test(rest) &&
    !/\d/.test(rest.replace(TITLE_FIGURES, "")) &&
    isTitle(rest)
  );
};

export interface Block {
  text: string;
  /** A list with its lead-in, or a table row: quoted whole, never split into sentences. */
  list: boolean;
  /** A table row (or a label line): one line that stands alone. */
  row?: boolean;
  /** A list's items, each on its own (a question of one fact is answered by one item). */
  items?: string[];
  /** The heading the block stands under on its page, if any. */
  heading: string;
}

/** A line of a table: short of the page's width, no closing punctuation, starting with a capital or a number. */
const isRowLine = (line: string, full: number) =>
  !!line && line.length < full * 0.7 && !endsSentence(line) && /^[\p{Lu}\p{N}"“(]/u.test(line);

/**
 * Where the table that `end` stops inside ends: a chunk cut in the middle of a table runs on to its last row (at most 30 more lines and 1,500 characters), so the table is quoted whole.
 */
export function tableEnd(page: string, end: number): number {
  const lines = page.split("\n");
  const full = Math.max(40, ...lines.map((l) => l.trim().length));
  let at = 0;
  let i = 0;
  while (i < lines.length && at + lines[i]!.length < end) at += lines[i++]!.length + 1;
  if (i >= lines.length || !isRowLine(lines[i]!.trim(), full)) return end;
  let stop = at + lines[i]!.length;
  for (let k = i + 1; k < lines.length && k <= i + 30 && isRowLine(lines[k]!.trim(), full); k++) {
    // The context budget stays about what it was: a long table is cut after 1,500 more characters.
    if (stop + lines[k]!.length + 1 - end > 1500) break;
    stop += lines[k]!.length + 1;
  }
  return Math.max(end, stop);
}

/**
 * The heading stack after `line`: a numbered heading ("8.4 …" is level 2) replaces its level and those below and
 * keeps its parents; an unnumbered one stands under the numbered ones. At most three are kept.
 */
function underHeadings(stack: { line: string; level: number }[], line: string) {
  const number = /^(?:(?:section|part|chapter|article)\s+)?(\d+(?:\.\d+)*)\.?\s/i.exec(line)?.[1];
  const level = number ? number.split(".").length : 9;
  return [...stack.filter((h) => h.level < level), { line, level }].slice(-3);
}

/**
 * The section headings in force at `index` of a page ("8 Site Work – Maui", "8.4 Reports"):
 * a passage that starts below them carries them, so its sentences keep the scope their section names.
 */
export function headingsAt(page: string, index: number): string[] {
  const lines = page
    .slice(0, index)
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  let stack: { line: string; level: number }[] = [];
  lines.forEach((line, i) => {
    if (isHeading(line, lines[i + 1]) && /\p{Ll}/u.test(line)) stack = underHeadings(stack, line);
  });
  return stack.map((h) => h.line);
}

/**
 * Paragraph-like blocks: wrapped lines joined back, lists grouped with their lead-in, table rows apart. A line
 * that stops well short of the page's width without closing punctuation, followed by a line that starts a new
 * thought (a capital or a number), was not wrapped: it ends a unit (a table row, a label, an unmarked item).
 */
export function blocks(text: string): Block[] {
  const lines = text
    .split(/\n/)
    .map((l) => l.trim())
    .filter((l) => l && !FOOTER.test(l));
  const full = Math.max(40, ...lines.map((l) => l.length));
  const out: Block[] = [];
  let current = "";
  let inList = false;
  let items: string[] = [];
  // The headings a block stands under, outermost first: a numbered subsection keeps its section ("8 Site Work
  // – Maui" › "8.4 Reports"), which often names the scope that tells two similar pages apart.
  let headings: { line: string; level: number }[] = [];
  const flush = (list = inList, row = false) => {
    if (current.trim())
      out.push({
        text: current.trim(),
        list,
        heading: headings.map((h) => h.line).join(" › "),
        ...(row ? { row } : {}),
        ...(items.length > 1 ? { items } : {}),
      });
    current = "";
    inList = false;
    items = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    if (isItem(line)) {
      // Quoted as printed (markers kept), so the quote is found on its page word for word.
      const item = line.replace(ITEM, "");
      current = inList || current.endsWith(":") ? `${current} ${line}` : line;
      inList = true;
      items.push(item);
      continue;
    }
    if (inList) {
      // A wrapped item continues in lower case; anything else starts a new paragraph.
      if (/^\p{Ll}/u.test(line)) {
        current += ` ${line}`;
        if (items.length) items[items.length - 1] += ` ${line}`;
        continue;
      }
      flush();
    }
    if (!current && isHeading(line, next)) {
      // Running headers are all capitals; a section heading has lower-case letters.
      if (/\p{Ll}/u.test(line)) headings = underHeadings(headings, line);
      continue;
    }
    // A list's lead-in ("Recent values per share:") starts its own block.
    if (current && line.endsWith(":") && next && isItem(next) && /[.!?]["”’)]?$/.test(current)) flush();
    current = current ? `${current} ${line}` : line;
    const short = line.length < full * 0.7;
    const newThought = !!next && /^[\p{Lu}\p{N}"“(]/u.test(next) && !isItem(next);
    // The last line of the text, under rows and alone, is the table's last row.
    const lastRow = !next && current === line && !!out.at(-1)?.row;
    if (!endsSentence(line) && short && (newThought || lastRow)) {
      // Not wrapped: a row of a table or a label line, quoted as it stands.
      flush(true, true);
      continue;
    }
    // A line that ends a sentence and is followed by a heading, a new item or a table's row closes the block.
    if (
      endsSentence(line) &&
      (!next || isHeading(next, lines[i + 2]) || isItem(next) || isRowLine(next, full)) &&
      !line.endsWith(":")
    ) {
      flush();
    }
  }
  flush();
  return out;
}

/**
 * Words a period follows without ending the sentence: titles, "Jr.", "Inc.", "No. 7", "Rev. 4", "e.g.", months,
 * units. Compared in lower case without the period.
 */
const ABBREVIATIONS = new Set(
  (
    "mr mrs ms dr prof sr jr st ave blvd rd hwy inc ltd co corp llc dept div est approx appx ca cf etc vs viz al " +
    "no nos rev fig figs sec sect ch vol pp p ed eds e.g i.e a.m p.m u.s u.k jan feb mar apr jun jul aug sep sept " +
    "oct nov dec mon tue tues wed thu thur thurs fri sat sun ft in lb lbs oz yd yds mi min max hr hrs mo mos yr " +
    "yrs pt pts qt gal sq cu tel ext approx dia ht wt no w.o wo avg"
  ).split(" "),
);

/** Where `text` may end a sentence: after . ! ? (and a closing quote), before a capital or a digit. */
function sentenceBreaks(text: string): number[] {
  const out: number[] = [];
  const re = /[.!?]["”’)]?\s+(?=["“(]?[\p{Lu}0-9])/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const dot = text[m.index] === ".";
    if (dot) {
      const word = /(?:^|[\s(])([\p{L}.]+)$/u.exec(text.slice(0, m.index))?.[1]?.toLowerCase() ?? "";
      // An abbreviation ("approx. 50", "Rev. 4"), or a single letter (an initial: "G. Shimabukuro"), goes on.
      if (ABBREVIATIONS.has(word) || ABBREVIATIONS.has(word.replace(/\./g, "")) || /^\p{L}$/u.test(word))
        continue;
    }
    out.push(m.index + m[0].length);
  }
  return out;
}

/** A paragraph's sentences (abbreviations and initials do not end one). */
export function sentencesIn(text: string): string[] {
  const cuts = [0, ...sentenceBreaks(text), text.length];
  const out: string[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) out.push(text.slice(cuts[i], cuts[i + 1]).trim());
  return out.filter(Boolean);
}

export interface SentenceUnit {
  text: string;
  heading: string;
  /** A whole list (with its lead-in) or a table row. */
  list: boolean;
  /** A table row. */
  row: boolean;
}

/** Sentences (and whole lists and table rows) of a page's text, in order, each with the heading it stands under. */
export function splitSentences(text: string): SentenceUnit[] {
  return blocks(text)
    .flatMap((b) =>
      [
        ...(b.list ? [b.text] : sentencesIn(b.text)).map((t) => ({ t, list: b.list, row: !!b.row })),
        // Each item of a list too, for a question about one of them.
        ...(b.items ?? []).map((t) => ({ t, list: false, row: false })),
      ].map(({ t, list, row }) => ({
        text: t.replace(/\s+/g, " ").trim(),
        heading: b.heading,
        list,
        row,
      })),
    )
    .filter((s) => s.text.length >= MIN_CHARS && /\p{L}/u.test(s.text));
}

/** Where the sentence holding offset `i` of `text` starts (at most `max` characters back). */
export function sentenceStart(text: string, i: number, max = 400): number {
  const from = Math.max(0, i - max);
  for (let j = i; j > from; j--) {
    const prev = text[j - 1]!;
    if (prev === "\n" && (isItem(text.slice(j, j + 4)) || /[.!?:]$/.test(text.slice(0, j - 1)))) return j;
    if (/\s/.test(prev) && /[.!?]["”’)]?$/.test(text.slice(Math.max(0, j - 3), j - 1))) {
      const word = /([\p{L}.]+)[.!?]["”’)]?$/u
        .exec(text.slice(Math.max(0, j - 12), j - 1))?.[1]
        ?.toLowerCase();
      if (!word || !(ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word))) return j;
    }
  }
  return from === 0 ? 0 : i;
}

/** Where the sentence holding offset `i` ends (after its closing punctuation; at most `max` further). */
export function sentenceEnd(text: string, i: number, max = 400): number {
  const to = Math.min(text.length, i + max);
  for (let j = Math.max(i, 1); j < to; j++) {
    if (/[.!?]/.test(text[j - 1]!) && /\s/.test(text[j]!)) {
      const word = /([\p{L}.]+)[.!?]$/u.exec(text.slice(Math.max(0, j - 12), j))?.[1]?.toLowerCase();
      if (word && (ABBREVIATIONS.has(word.replace(/\.$/, "")) || /^\p{L}$/u.test(word.replace(/\.$/, ""))))
        continue;
      return j;
    }
  }
  return to === text.length ? to : i;
}
