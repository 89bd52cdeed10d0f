/**
 * The units an answer quotes from a PDF page's text: sentences (joined back over the PDF's line breaks, aware of
 * abbreviations), whole lists with their lead-in, and table rows. Headings, running headers and footers are never
 * quoted: a unit remembers the heading it stands under instead.
 */
const MIN_CHARS = 25;
const FOOTER = /\bpage \d+( of \d+)?\b/i;

/** A list item's marker: a bullet or dash, "1." / "1)" / "a)" / "(a)" / "iv.". */
const ITEM = /^(?:[-•*–▪◦]|\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)])\s+/;
/** Its longer words all capitalised: a title, not a sentence. */
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
/** "4.2 ", "A. " in front of a numbered heading. */
const NUMBERED_PREFIX = /^(?:\d+(?:\.\d+)*|[A-Z])\.?\s+/;
/** "4.2 Sample Storage", "6 Site Access", "A. Scope", "Section 3 – Leave": a numbered heading. */
const NUMBERED_HEADING =
  /^(?:(?:section|part|chapter|article)\s+)?(?:\d+(?:\.\d+)*|[A-Z])\.?\s+[\p{Lu}\p{N}]/iu;

/** Numbered like a heading, short and without closing punctuation. */
const numberedHeading = (line: string) =>
  line.length < 90 && !endsSentence(line) && NUMBERED_HEADING.test(line);

/**
 * A heading or running header: no lower-case letter, a numbered title, or short (spaces folded: a table's header
 * line is spaced out) without closing punctuation and not continued in lower case on the next line.
 */
const isHeading = (line: string, next?: string) =>
  // A numbered title may hold a year, a date or a table number; other figures make a table row.
  (/^\d/.test(line) && numberedTitle(line)) ||
  // Otherwise a figure after the first word makes a table row, not a title (a work order names a report).
  (!/^\S+\s.*\d/u.test(line.replace(NUMBERED_PREFIX, "").replace(WORK_ORDER, "")) &&
    (!/\p{Ll}/u.test(line) ||
      (numberedHeading(line) && !isItem(line)) ||
      (line.replace(/\s+/g, " ").length < 60 &&
        !endsSentence(line) &&
        !isItem(line) &&
        !(next && /^\p{Ll}/u.test(next)))));
/** A work order in a report's title line ("W.O. 4321-07", "4321-07A"): the report's name, not a table's figure. */
const WORK_ORDER = /\b(?:W\.?\s?O\.?\s*(?:No\.?\s*)?)?\d{4}-\d{2}[A-Z]?\b(?![-\d])/gi;
/** What a title may number besides its section: a year or date at its end, a table or figure it names. */
const TITLE_FIGURES =
  /\b(?:(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, )?(?:19|20)\d\d$|\b(?:Table|Figure|Appendix|Part) \d+\b/g;
const numberedTitle = (line: string) => {
  const rest = line.replace(NUMBERED_PREFIX, "");
  return (
    numberedHeading(line) && /\d/.test(rest) && !/\d/.test(rest.replace(TITLE_FIGURES, "")) && isTitle(rest)
  );
};

/**
 * A title-page line that states something: a label and what it names ("Prepared for Makana Growers", "Client:
 * Makana Growers"). Quoted only when its label is what was asked (extractive.ts); other title lines never are.
 */
const STATEMENT = /^(\p{L}+(?:ed|en) (?:for|by|to)|\p{L}+(?: \p{L}+){0,2}:) +(\p{Lu}.*)$/u;
/** "Prepared for" alone on its line: what it names is on the next one. */
const OPEN_STATEMENT = /^\p{L}+(?:ed|en) (?:for|by|to):?$/u;

/** A statement line's label ("Prepared for") and what it names, or null for any other line. */
export function statementParts(line: string): { label: string; value: string } | null {
  const m = STATEMENT.exec(line);
  return m ? { label: m[1]!, value: m[2]! } : null;
}

export interface Block {
  text: string;
  /** A title-page statement ("Prepared for …"), a heading by its form. */
  title?: boolean;
  /** A list with its lead-in, or a table row: quoted whole. */
  list: boolean;
  row?: boolean;
  /** A list's items, each also a unit (one fact is answered by one item). */
  items?: string[];
  heading: string;
}

/** A line of a table: short of the page's width, no closing punctuation, starting with a capital or a number. */
const isRowLine = (line: string, full: number) =>
  !!line && line.length < full * 0.7 && !endsSentence(line) && /^[\p{Lu}\p{N}"“(]/u.test(line);

/** A chunk cut inside a table runs on to its last row (at most 30 lines and 1,500 more characters). */
export function tableEnd(page: string, end: number): number {
  const lines = page.split("\n");
  const full = Math.max(40, ...lines.map((l) => l.trim().length));
  let at = 0;
  let i = 0;
  while (i < lines.length && at + lines[i]!.length < end) at += lines[i++]!.length + 1;
  if (i >= lines.length || !isRowLine(lines[i]!.trim(), full)) return end;
  let stop = at + lines[i]!.length;
  for (let k = i + 1; k < lines.length && k <= i + 30 && isRowLine(lines[k]!.trim(), full); k++) {
    if (stop + lines[k]!.length + 1 - end > 1500) break;
    stop += lines[k]!.length + 1;
  }
  return Math.max(end, stop);
}

/** The heading stack after `line`: "8.4 …" (level 2) replaces levels 2+ and keeps its parents; at most three. */
function underHeadings(stack: { line: string; level: number }[], line: string) {
  const number = /^(?:(?:section|part|chapter|article)\s+)?(\d+(?:\.\d+)*)\.?\s/i.exec(line)?.[1];
  const level = number ? number.split(".").length : 9;
  return [...stack.filter((h) => h.level < level), { line, level }].slice(-3);
}

/** The section headings in force at `index` of a page: a passage starting below them carries them as scope. */
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
 * Paragraph-like blocks: wrapped lines joined back, lists with their lead-in, table rows apart. A line well short
 * of the page's width, without closing punctuation, before a capital or number was not wrapped: it ends a unit.
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
  // The headings a block stands under, outermost first (a section often names the scope of similar pages).
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
    let line = lines[i]!;
    if (OPEN_STATEMENT.test(line) && lines[i + 1]) line = `${line.replace(/:$/, "")} ${lines[++i]}`;
    const next = lines[i + 1];
    if (isItem(line)) {
      // Quoted as printed, markers kept, so the quote is on its page word for word.
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
      if (statementParts(line)) {
        out.push({ text: line, list: false, title: true, heading: headings.map((h) => h.line).join(" › ") });
        continue;
      }
      // Running headers are all capitals; a section heading has lower-case letters.
      if (/\p{Ll}/u.test(line)) headings = underHeadings(headings, line);
      continue;
    }
    // A list's lead-in ("Recent values per share:") starts its own block.
    if (current && line.endsWith(":") && next && isItem(next) && /[.!?]["”’)]?$/.test(current)) flush();
    current = current ? `${current} ${line}` : line;
    const short = line.length < full * 0.7;
    const newThought = !!next && /^[\p{Lu}\p{N}"“(]/u.test(next) && !isItem(next);
    const lastRow = !next && current === line && !!out.at(-1)?.row;
    if (!endsSentence(line) && short && (newThought || lastRow)) {
      flush(true, true);
      continue;
    }
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

/** Words a period follows without ending the sentence (lower case, no period): titles, "e.g.", months, units. */
const ABBREVIATIONS = new Set(
  (
    "mr mrs ms dr prof sr jr st ave blvd rd hwy inc ltd co corp llc dept div est approx appx ca cf etc vs viz al " +
    "no nos rev fig figs sec sect ch vol pp p ed eds e.g i.e a.m p.m u.s u.k jan feb mar apr jun jul aug sep sept " +
    "oct nov dec mon tue tues wed thu thur thurs fri sat sun ft in lb lbs oz yd yds mi min max hr hrs mo mos yr " +
    "yrs pt pts qt gal sq cu tel ext approx dia ht wt no w.o wo avg"
  ).split(" "),
);

/** A word a period follows without ending the sentence: an abbreviation or an initial. */
const goesOn = (word: string) => ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word);

/** Where `text` may end a sentence: after . ! ? (a closing quote), before a capital or digit. */
function sentenceBreaks(text: string): number[] {
  const out: number[] = [];
  const re = /[.!?]["”’)]?\s+(?=["“(]?[\p{Lu}0-9])/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const dot = text[m.index] === ".";
    if (dot) {
      const word = /(?:^|[\s(])([\p{L}.]+)$/u.exec(text.slice(0, m.index))?.[1]?.toLowerCase() ?? "";
      // An abbreviation or an initial goes on.
      if (goesOn(word) || ABBREVIATIONS.has(word.replace(/\./g, ""))) continue;
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

/** Sentences (and whole lists and table rows) of a page's text, in order, each with the heading it stands under. */
export function splitSentences(text: string) {
  return blocks(text)
    .flatMap((b) =>
      [
        ...(b.list || b.title ? [b.text] : sentencesIn(b.text)).map((t) => ({
          t,
          list: b.list,
          row: !!b.row,
        })),
        ...(b.items ?? []).map((t) => ({ t, list: false, row: false })),
      ].map(({ t, list, row }) => ({
        text: t.replace(/\s+/g, " ").trim(),
        heading: b.heading,
        list,
        row,
        title: !!b.title,
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
      if (!word || !goesOn(word)) return j;
    }
  }
  return from === 0 ? 0 : i;
}

/** The start of `next` that ends the sentence `text` leaves open (null: `text` ends one, or `next` starts anew). */
export function runOn(text: string, next: string): string | null {
  if (endsSentence(text) || !/^\p{Ll}/u.test(next)) return null;
  return next.slice(0, sentenceEnd(next, 0));
}

/** Where the sentence holding offset `i` ends (after its closing punctuation; at most `max` further). */
export function sentenceEnd(text: string, i: number, max = 400): number {
  const to = Math.min(text.length, i + max);
  for (let j = Math.max(i, 1); j < to; j++) {
    if (/[.!?]/.test(text[j - 1]!) && /\s/.test(text[j]!)) {
      const word = /([\p{L}.]+)[.!?]$/u.exec(text.slice(Math.max(0, j - 12), j))?.[1]?.toLowerCase();
      if (!word || !goesOn(word.replace(/\.$/, ""))) return j;
    }
  }
  return to === text.length ? to : i;
}
