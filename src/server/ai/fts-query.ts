import { stemmer } from "stemmer";

/**
 * What someone typed as a safe FTS5 query (raw text in MATCH fails on punctuation, quotes, `*` or NEAR/AND/OR/NOT):
 * every term a quoted string, a token with inner punctuation a phrase of its parts, stop words dropped, terms
 * OR-ed so bm25 ranks chunks with more and rarer terms first.
 */

/** English function words plus the words questions are made of; they carry nothing for retrieval. */
export const STOP_WORDS = new Set(
  (
    "a about above after again against all am an and any are aren't as at be because been before being below " +
    "between both but by can cannot could couldn't did didn't do does doesn't doing don't down during each few " +
    "for from further get gets got had hadn't has hasn't have haven't having he her here hers herself him himself " +
    "his how i if in into is isn't it it's its itself just let like me more most much must my myself need no nor " +
    "not now of off on once only or other ought our ours ourselves out over own please same say says shall she " +
    "should shouldn't so some such tell than that that's the their theirs them themselves then there there's " +
    "these they this those through to too under until up upon us very was wasn't we were weren't what what's " +
    "when where which while who whom whose why will with within without would wouldn't you your yours yourself " +
    "yourselves also anyone someone something anything thing things know want wants explain describe give " +
    "find kind way ways many often dont don't im i'm ive i've can't cant " +
    // Verbs a question is phrased with, not what it asks about ("do I need to", "am I allowed to").
    "need needs needed allowed allow supposed able ok okay whats what's hows how's wheres where's"
  ).split(" "),
);

export interface QueryTerm {
  /** What goes into MATCH for this term: a quoted token, a quoted phrase, or a quoted prefix ("vacat"*). */
  fts: string;
  /** The words of the term as typed (lower case), for sentence scoring. */
  words: string[];
  /** Porter stems of `words` (how the index and sentence scoring compare words). */
  stems: string[];
  /** Chunks holding the term across the index (0: the index never saw it); set by retrieval. */
  df?: number;
  /** Read into the question for a word the index never saw (a clipped word completed). */
  guessed?: boolean;
  /** Files whose name holds the term (documents the question names, named-documents.ts); set by retrieval. */
  files?: string[];
}

/** Words that follow "how" to ask for a quantity. */
const HOW = new Set(
  "long far much many often soon late early old big tall high deep heavy wide fast hot cold close".split(" "),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** Fold to what the index's tokenizer sees: lower case, no diacritics. */
export function fold(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** Porter stems asked for again and again (every sentence of every answer): remembered, up to a bound. */
const STEMS_KEPT = 50_000;
const stems = new Map<string, string>();

export function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size >= STEMS_KEPT) stems.clear();
    s = stemmer(word.replace(/['’]s$/, "").replace(/['’]/g, ""));
    stems.set(word, s);
  }
  return s;
}

/** Words that name one of several by a letter: "Category A", "Zone C", "Plan B". */
const LABELLED = new Set(
  "category class type zone plan level tier phase grade group section part appendix exhibit option unit building area room floor shift step stage table figure item division region gate block sheet priority form".split(
    " ",
  ),
);

/** A lone letter after a word ("Zone c") or starting a row is a label; never "I", and "A" only after LABELLED. */
function isLabelLetter(raw: string, previous: string): boolean {
  if (!/^\p{L}$/u.test(raw) || raw === "i" || raw === "I" || raw === "a") return false;
  if (raw === "A") return LABELLED.has(previous.toLowerCase());
  return previous === "" || /^\p{L}{3,}$/u.test(previous);
}

/** A word that can name what a question is about: no stop word, no lone letter but a label. */
const isContent = (w: string, raw: string, previous: string) =>
  isLabelLetter(raw, previous) || (!STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)));

/** Typed shorthand of one letter and a slash ("w/", "w/o", "b/c") is a function word, never a label letter. */
const withoutShorthand = (text: string) =>
  text.replace(/(?<![\p{L}\p{N}])\p{L}\/(?:\p{L}(?![\p{L}\p{N}]))?/gu, " ");

/** Words of a text as the retriever compares them: folded, stop words dropped, label letters kept. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  let previous = "";
  // Composed first: a PDF's "e" + combining accent is one letter of the word, not a break in it.
  for (const raw of withoutShorthand(text.normalize("NFC")).match(WORD) ?? []) {
    const w = fold(raw).replace(/['’]s$/, "");
    if (isContent(w, raw, previous)) out.push(w);
    previous = raw;
  }
  return out;
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * The distinct terms of a question. Runs of letters/digits joined by `-`, `.`, `/` or `_` with no space (a
 * work order, "W.O.", "401(k)" → "401 k") stay together as one phrase term.
 */
export function queryTerms(question: string): QueryTerm[] {
  // Keyed by the MATCH text: each term once, in the order first typed.
  const out = new Map<string, QueryTerm>();
  const add = (words: string[]) => {
    const fts = quote(words.join(" "));
    if (!out.has(fts)) out.set(fts, { fts, words, stems: words.map(stem) });
  };
  let previous = "";
  // Split on whitespace first so compound tokens can be recognised, then into word parts.
  for (const typed of withoutShorthand(question.normalize("NFC").slice(0, 2000)).split(/\s+/)) {
    const raw = fold(typed);
    const typedParts = typed.match(WORD) ?? [];
    const parts = (raw.match(WORD) ?? []).map((w) => w.replace(/['’]s$/, "").replace(/['’]/g, ""));
    if (!parts.length) continue;
    const compound = parts.length > 1 && /[\p{L}\p{N}][-./_()][\p{L}\p{N}]/u.test(raw);
    if (compound && parts.some((p) => /\d/.test(p))) {
      add(parts);
      continue;
    }
    for (const [i, w] of parts.entries()) {
      // "how long", "how far", "how much": the kind of answer asked for (answer-type.ts), not a subject.
      const asked = previous === "how" && HOW.has(w);
      const content = isContent(w, typedParts[i] ?? w, previous);
      previous = w;
      if (!asked && content) add([w]);
    }
  }
  return [...out.values()].slice(0, 32);
}

/** The MATCH expression: OR of the terms (null when nothing is left to search for). */
export function matchExpression(terms: QueryTerm[]): string | null {
  return terms.length ? terms.map((t) => t.fts).join(" OR ") : null;
}
