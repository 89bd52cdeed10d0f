import type { ScoredSentence, Sentence } from "./extractive";

/**
 * What introduces a table: "The following holidays are observed in 2026.", "accrue vacation by length of
 * service: Years  Days", "… at the rates listed below.", "… as follows."; not the colon of a time ("7:30"),
 * "the following day", nor a comparison ("kept at 6 °C or below.").
 */
const INTRODUCES_TABLE =
  /(?<!\d):(?!\d)|\bthe following\b(?!\s+(?:day|week|month|year|business|working|\w+day)\b)|\b(?:table|list|amounts?|rates?|limits?|figures?|schedule|shown|listed|given|set out)\b[^.]{0,60}\bbelow[.:]?$|\bas follows[.:]?$/i;

type Unit = Pick<Sentence, "text" | "file" | "pages" | "n" | "pos" | "row" | "list">;

/**
 * The units a sentence introducing a table brings along, in page order: up to two notes, then the rows (none
 * when it introduces no table). `all` holds the units of the passages' pages.
 */
export function tableAfter<T extends Unit>(lead: T, all: T[], listAsked = false): T[] {
  if (lead.list && !lead.row) return [];
  // Asked for a list, the table beside the sentence that answers is the list, however it is introduced (a row
  // is not: the rows after it are only part of its table).
  if (!((listAsked && !lead.row) || INTRODUCES_TABLE.test(lead.text))) return [];
  // The same page of the same passage (positions count within a passage's text).
  const samePage = (s: T) => s.n === lead.n && s.file === lead.file && s.pages[0] === lead.pages[0];
  const after = all.filter((s) => samePage(s) && s.pos > lead.pos).sort((a, b) => a.pos - b.pos);
  const run: T[] = [];
  let rows = 0;
  for (const [i, s] of after.entries()) {
    if (s.pos !== lead.pos + i + 1 || rows >= 15 || (!s.row && (rows || i >= 2))) break;
    run.push(s);
    if (s.row) rows++;
  }
  if (!rows) return [];
  while (!run.at(-1)!.row) run.pop();
  return run;
}

/**
 * A sentence that introduces a table is quoted with the table's rows: the rows are its answer (the table may
 * start after a sentence or two of notes; the notes are quoted too, so the quote stays the page's own text).
 */
export function withTable(
  lead: ScoredSentence,
  all: ScoredSentence[],
  pageOf: (s: ScoredSentence) => string,
  listAsked = false,
): ScoredSentence {
  const run = tableAfter(lead, all, listAsked);
  if (!run.length) return lead;
  const units = [lead, ...run].map((r) => r.text);
  return { ...lead, text: span(pageOf(lead), units) ?? units.join(" ") };
}

/**
 * The page's own text from the first unit to the end of the last (a table's header line included), spaces
 * folded: each unit is found after the one before it and must end at a word's end, so a row that begins like an
 * earlier one ("… $1" inside "… $1.50") is not taken for it.
 */
function span(page: string, units: string[]): string | null {
  const text = page.replace(/\s+/g, " ");
  let from = -1;
  let at = 0;
  for (const unit of units) {
    let found = text.indexOf(unit, at);
    while (found >= 0 && /[\p{L}\p{N}.,$%]/u.test(text[found + unit.length] ?? " ")) {
      found = text.indexOf(unit, found + 1);
    }
    if (found < 0) return null;
    if (from < 0) from = found;
    at = found + unit.length;
  }
  return from < 0 ? null : text.slice(from, at);
}
