import { CHAT_TEXTS, citation } from "@shared/chat";
import { BoundedMap } from "../lib/bounded-map";
import { type Expected, expectedAnswer } from "./answer-type";
import { contentWords, fold, stem } from "./fts-query";
import type { ParsedPage } from "./prompt";
import { answerEachPart, questionParts } from "./question-parts";
import { runOn, splitSentences, statementParts } from "./sentences";
import { tableAfter, withTable } from "./tables";

/**
 * The built-in answer: the passages' sentences that best match the question, quoted with file and page (nothing
 * is written, so nothing is invented). "Don't say" only when no passage holds a key word of the question; when
 * the best sentences answer only in part, one short line above the quotes says so.
 */
export interface WeightedTerm {
  /** Stems of the word (or of each word of a phrase or work order), all of which a sentence must hold. */
  stems: string[];
  /** Inverse document frequency in the index; 0 for a word the documents never use. */
  weight: number;
  /** Files whose name holds it (the question names them): each of their sentences holds it. */
  files?: string[];
}

export interface ExtractiveInput {
  question: string;
  pages: ParsedPage[];
  dbLabel: string;
  useWeb: boolean;
  /** The retriever's terms with their weights (completed clipped words included); default: the question's words. */
  terms?: WeightedTerm[];
}

export interface Sentence {
  text: string;
  file: string;
  /** The page it is on; two when it runs over a page break. */
  pages: number[];
  list: boolean;
  row: boolean;
  /** A title-page statement ("Prepared for …"): quoted only when its label is what was asked. */
  title: boolean;
  /** Stems of a statement's label ("prepar" of "Prepared for"), and of what it names. */
  labelStems: string[];
  valueStems: string[];
  /** Rank of its passage (1 = best) and position in it. */
  n: number;
  pos: number;
  stems: string[];
  /** The sentence's and its heading's distinct stems. */
  sorted: string[];
  headingSorted: string[];
}

export interface ScoredSentence extends Sentence {
  score: number;
  /** Share of the question's (known) term weight the sentence holds. */
  coverage: number;
  /** The rows of the table it introduces ("… the rates listed below."), when a figure is asked for; else "". */
  table: string;
}

export const MAX_SENTENCES = 3;

const stemsOf = (text: string) => contentWords(text).map(stem);
const distinct = (stems: string[]) => [...new Set(stems)];
/**
 * Pages whose sentences were split and stemmed lately: the same pages answer question after question, and
 * splitting and stemming a page costs more than finding it. A page's sentences depend on its text alone, so
 * they are kept by it (at most PAGES_KEPT pages, the least recently used dropped).
 */
const PAGES_KEPT = 1_000;
const keptPages = new BoundedMap<string, PageSentence[]>(PAGES_KEPT);

type PageSentence = ReturnType<typeof splitAndStem>[number];

/** A page's sentences, each with the key that finds its repeats and the stems it and its heading hold. */
function sentencesOfPage(pageText: string): PageSentence[] {
  let kept = keptPages.get(pageText);
  if (!kept) {
    // Shared by every answer that uses the page: frozen so none can change another's.
    kept = Object.freeze(splitAndStem(pageText).map((s) => Object.freeze(s))) as PageSentence[];
    keptPages.set(pageText, kept);
  }
  return kept;
}

const splitAndStem = (pageText: string) =>
  splitSentences(pageText).map(({ text, heading, list, row, title }, pos) => {
    const stems = stemsOf(text);
    const statement = title ? statementParts(text) : null;
    return {
      text,
      list,
      row,
      title,
      labelStems: statement ? stemsOf(statement.label) : [],
      valueStems: statement ? stemsOf(statement.value) : [],
      pos,
      key: fold(text),
      stems,
      sorted: distinct(stems),
      headingSorted: distinct(stemsOf(heading)),
    };
  });

/** A sentence holds a stem as a word, or (4+ letters: a clipped word) as a word's beginning. */
const holdsStem = (stems: string[], w: string) =>
  stems.some((s) => (w.length >= 4 ? s.startsWith(w) : s === w));
const holds = (stems: string[], t: WeightedTerm) => t.stems.every((w) => holdsStem(stems, w));
/**
 * A unit holds a term in its words; a word naming a document the question names, by standing in that file (the
 * same word in another file is about another project: "the pump building", not "… Office Building").
 */
const holdsIn = (s: { sorted: string[]; file: string }, t: WeightedTerm) =>
  t.files ? t.files.includes(s.file) : holds(s.sorted, t);

/**
 * The units of the passages' pages, each once (the best-ranked copy). A sentence cut by a page break (the next
 * page goes on in lower case) is joined back and cited on both pages.
 */
function sentencesOf(pages: ParsedPage[]): Sentence[] {
  const seen = new Set<string>();
  const out: Sentence[] = [];
  const texts = pages.map((p) => p.text);
  const spans = pages.map((p) => [p.page]);
  for (let i = 0; i + 1 < pages.length; i++) {
    const a = pages[i]!;
    const b = pages[i + 1]!;
    if (a.file !== b.file || a.n !== b.n || b.page !== a.page + 1) continue;
    const tail = texts[i]!.trimEnd();
    const head = texts[i + 1]!.trimStart();
    const rest = runOn(tail, head);
    if (rest === null) continue;
    texts[i] = `${tail} ${rest}`;
    texts[i + 1] = head.slice(rest.length);
    spans[i] = [a.page, b.page];
  }
  pages.forEach((p, i) => {
    const units = sentencesOfPage(texts[i]!);
    units.forEach(({ key, ...s }, j) => {
      if (seen.has(key)) return;
      seen.add(key);
      // Only the page's last unit carries the continuation from the next page.
      const span = j === units.length - 1 ? spans[i]! : [p.page];
      out.push({ ...s, file: p.file, pages: span, n: p.n });
    });
  });
  return out;
}

function termsOf(input: ExtractiveInput): WeightedTerm[] {
  if (input.terms?.length) return input.terms;
  return [...new Set(stemsOf(input.question))].map((s) => ({ stems: [s], weight: 1 }));
}

/** Share of a unit's own weight its heading's terms count for: the section it stands in names its subject. */
const HEADING_SHARE = 0.5;
/** And the words of the rest of its page: the page names its scope. */
const PAGE_SHARE = 0.25;
/** How much a word the documents never use counts against an answer, against a known word of average weight. */
const UNKNOWN_WEIGHT = 2;
/** Below this share of the question (unknown words included) the answer's support is partial. */
const SUPPORTED = 0.36;
/** Further points must score this close to the best one (and add something) to be quoted beside it. */
const NEAR_BEST = 0.7;
const LONG_UNIT = 400;
/** A unit scoring this close to the best is quoted too, even if it adds no question word. */
const CLOSE_SECOND = 0.85;
/** Answer-type fit: a unit giving the kind asked for gains this; one that cannot give it loses twice as much. */
const FIT = 0.15;

/** Two units worded alike (most of their words shared): variants of one rule. */
function similar(a: Sentence, b: Sentence): boolean {
  const x = new Set(a.stems);
  const y = new Set(b.stems);
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  return both / Math.max(1, Math.min(x.size, y.size)) >= 0.7 && a.text.length > 40 && b.text.length > 40;
}

/** The unit with the table it introduces: what must give a figure asked for. */
const withRows = (s: Sentence & { table?: string }) => (s.table ? `${s.text} ${s.table}` : s.text);
/** Whether a unit gives the kind of answer asked for: a statement quoted for its asked label names who. */
const givesKind = (expected: Expected, s: Sentence & { table?: string }) =>
  (s.title && expected.type === "person") || expected.fits(withRows(s));

export function scoreSentences(input: ExtractiveInput, expected = expectedAnswer(input.question)) {
  const known = termsOf(input).filter((t) => t.weight > 0);
  const total = known.reduce((a, t) => a + t.weight, 0);
  if (!total) return [];
  const units = sentencesOf(input.pages);
  // What each page is about: every word its units and headings hold (a page names its units' scope).
  const onPage = new Map<string, Set<WeightedTerm>>();
  for (const u of units) {
    const key = `${u.file}|${u.pages[0]}`;
    const seen = onPage.get(key) ?? new Set<WeightedTerm>();
    for (const t of known) if (holdsIn(u, t) || (!t.files && holds(u.headingSorted, t))) seen.add(t);
    onPage.set(key, seen);
  }
  return units.map((s): ScoredSentence => {
    // A title line is no answer unless it states what was asked.
    if (s.title && !statesAsked(s, known))
      return { ...s, coverage: 0, score: Number.NEGATIVE_INFINITY, table: "" };
    // The rows a unit points to hold what it says, for a question asking for a figure.
    const rows = expected.type === "quantity" ? tableAfter(s, units) : [];
    const table = rows.map((r) => r.text).join(" ");
    let got = 0;
    let underHeading = 0;
    let elsewhere = 0;
    const page = onPage.get(`${s.file}|${s.pages[0]}`);
    for (const t of known) {
      if (holdsIn(s, t)) got += t.weight;
      else if (!t.files && holds(s.headingSorted, t)) underHeading += t.weight;
      else if (page?.has(t)) elsewhere += t.weight;
    }
    // Question words side by side in the same order are worth a little more.
    let pairs = 0;
    for (let i = 0; i + 1 < known.length; i++) {
      const a = s.stems.indexOf(known[i]!.stems.at(-1)!);
      if (a >= 0 && s.stems[a + 1] === known[i + 1]!.stems[0]) pairs++;
    }
    const coverage = (got + HEADING_SHARE * underHeading + PAGE_SHARE * elsewhere) / total;
    let fit = 0;
    if (expected.type === "list") fit = s.list && !s.row ? FIT : 0;
    else if (expected.type !== "other") fit = givesKind(expected, { ...s, table }) ? FIT : -2 * FIT;
    if (s.text.length > LONG_UNIT && expected.type !== "list") fit -= 0.1;
    const score = coverage + fit + 0.1 * pairs + 0.05 / s.n - 0.003 * s.pos;
    return { ...s, coverage, score, table };
  });
}

/**
 * A title-page statement answers when its label is a word of the question other than a named document's ("who
 * was it prepared for?": "Prepared for …") and it names something the question does not (the answer itself).
 */
function statesAsked(s: Sentence, known: WeightedTerm[]): boolean {
  const asked = new Set(known.flatMap((t) => t.stems));
  const labelAsked = known.some((t) => !t.files && holds(s.labelStems, t));
  return labelAsked && s.valueStems.some((w) => !asked.has(w));
}

/** Whether the best unit answers fully: enough of the question (unknown words against it), its label, its kind. */
export function isSupported(best: ScoredSentence, terms: WeightedTerm[], expected: Expected): boolean {
  const known = terms.filter((t) => t.weight > 0);
  const weight = known.reduce((a, t) => a + t.weight, 0);
  // A long word names a subject more often than a short one.
  const unknown = terms
    .filter((t) => t.weight === 0 && t.stems.length)
    .reduce((a, t) => a + Math.min(1, Math.max(0.2, (t.stems.join("").length - 3) / 5)), 0);
  const share = (best.coverage * weight) / (weight + (UNKNOWN_WEIGHT * unknown * weight) / known.length);
  // A letter the question names ("Zone B") is not given by a rule for another letter.
  const label = (t: WeightedTerm) => t.stems.length === 1 && /^\p{L}$/u.test(t.stems[0]!);
  if (known.some((t) => label(t) && !holds(best.sorted, t) && !holds(best.headingSorted, t))) return false;
  return share >= SUPPORTED && givesKind(expected, best);
}

/**
 * The question's key words: its rarer half of known words (all of two or fewer); a passage without any misses.
 * The words naming a document are not among them when others are: a document's name does not answer.
 */
function keyTerms(terms: WeightedTerm[]): WeightedTerm[] {
  const all = terms.filter((t) => t.weight > 0);
  const own = all.filter((t) => !t.files);
  const known = (own.length ? own : all).sort((a, b) => b.weight - a.weight);
  return known.length <= 2 ? known : known.slice(0, Math.ceil(known.length / 2));
}

const quote = (s: { text: string; file: string; pages: number[] }) =>
  `- ${s.text} ${citation(s.file, s.pages)}`;

/** Further points beside the best: close to it in score, each adding a question word the others lack. */
function supporting(best: ScoredSentence, ranked: ScoredSentence[], terms: WeightedTerm[]) {
  const max = MAX_SENTENCES;
  const chosen = [best];
  const covered = new Set(terms.filter((t) => holdsIn(best, t)));
  for (const s of ranked.slice(1)) {
    if (chosen.length >= max) break;
    if (s.score < best.score * NEAR_BEST || s.coverage <= 0) continue;
    // The same rule worded for another case (the other of two similar pages) would contradict the answer.
    if (chosen.some((c) => similar(c, s))) continue;
    const adds = terms.filter((t) => t.weight > 0 && !covered.has(t) && holdsIn(s, t));
    const follows = s.file === best.file && s.pages[0] === best.pages[0] && s.pos === best.pos + 1;
    const close = s.score >= best.score * CLOSE_SECOND;
    if (!adds.length && !follows && !close) continue;
    for (const t of adds) covered.add(t);
    chosen.push(s);
  }
  return chosen;
}

/** One question's (or one part's) answer: the quotes, and whether they answer it fully; null when nothing does. */
export function answerPart(input: ExtractiveInput): { quotes: string; supported: boolean } | null {
  const expected = expectedAnswer(input.question);
  const ranked = scoreSentences(input, expected).sort((a, b) => b.score - a.score);
  const terms = termsOf(input);
  const key = keyTerms(terms);
  // A unit touches the question by a key word of its own or of its heading, or by standing in a named file.
  const touches = (s: ScoredSentence) =>
    s.score > Number.NEGATIVE_INFINITY &&
    key.some((t) => holdsIn(s, t) || (!t.files && holds(s.headingSorted, t)));
  const best = ranked.find(touches);
  if (!best) return null;
  // The sentence that answers comes first; at most three points (a list is one point).
  const pageOf = (s: ScoredSentence) =>
    input.pages.find((p) => p.n === s.n && p.file === s.file && p.page === s.pages[0])?.text ?? "";
  const supported = isSupported(best, terms, expected);
  // Offered as a partial answer, a further point stands in a passage that holds a key word of the question
  // somewhere (its own sentence may carry the figure while the page names the subject): a passage holding none
  // of them answers something else. Beside a full answer, further points add detail and stay.
  const pageKey = (s: ScoredSentence) => `${s.file}|${s.pages[0]}`;
  const onTopic = new Set(ranked.filter(touches).map(pageKey));
  const points = supporting(best, ranked, terms).filter(
    (s) => supported || s === best || onTopic.has(pageKey(s)),
  );
  // The best-ranked passage's own best sentence, when none of it is quoted yet: retrieval ranked it first.
  const top = ranked.find((s) => s.n === 1 && touches(s));
  if (top && !points.some((p) => p.n === 1)) points.push(top);
  const expanded = points.map((s) => withTable(s, ranked, pageOf, expected.type === "list"));
  // A row quoted inside a table that another point brought along is not quoted twice.
  const chosen = expanded.filter(
    (s, i) => !expanded.some((o, j) => j !== i && o.text.length > s.text.length && o.text.includes(s.text)),
  );
  return {
    quotes: [...new Set(chosen.map(quote))].join("\n"),
    supported,
  };
}

export function composeExtractiveAnswer(input: ExtractiveInput): string {
  const parts: string[] = [];
  const asked = questionParts(input.question);
  if (asked.length > 1) parts.push(...answerEachPart(input, asked, answerPart, termsOf(input)));
  else {
    const answer = answerPart(input);
    if (!answer) parts.push(CHAT_TEXTS.notFound(input.dbLabel));
    else {
      if (!answer.supported) parts.push(CHAT_TEXTS.partialSupport);
      parts.push(answer.quotes, CHAT_TEXTS.extracted);
    }
  }
  if (input.useWeb) parts.push(`${CHAT_TEXTS.generalKnowledge} ${CHAT_TEXTS.noGeneralKnowledge}`);
  return parts.join("\n\n");
}
