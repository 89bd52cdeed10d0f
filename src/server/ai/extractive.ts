import { CHAT_TEXTS, citation } from "@shared/chat";
import { contentWords, fold, stem } from "./fts-query";
import type { ParsedPage } from "./prompt";
import { splitSentences } from "./sentences";

/**
 * The built-in answer: the sentences of the retrieved passages that best match the question, quoted with
 * their file and page, labelled as extracted. No sentence is written by the model, so nothing is invented;
 * when no sentence holds enough of the question the answer says nothing was found.
 */
export interface WeightedTerm {
  /** Stems of the word (or of each word of a phrase or work order), all of which a sentence must hold. */
  stems: string[];
  /** Synonyms, as stems: a sentence holding all stems of any one of them holds the term. */
  alts?: string[][];
  /** Inverse document frequency in the index; 0 for a word the documents never use. */
  weight: number;
}

export interface ExtractiveInput {
  question: string;
  pages: ParsedPage[];
  dbLabel: string;
  useWeb: boolean;
  /** The retriever's terms with their weights (typo corrections included); default: the question's words. */
  terms?: WeightedTerm[];
}

interface Sentence {
  text: string;
  file: string;
  page: number;
  /** Rank of its passage (1 = best) and position inside it. */
  n: number;
  pos: number;
  stems: string[];
  /** The sentence's and its heading's distinct stems in code-unit order (see holdsStem). */
  sorted: string[];
  headingSorted: string[];
}

export interface ScoredSentence extends Sentence {
  score: number;
  /** Share of the question's (known) term weight the sentence holds. */
  coverage: number;
}

export const MAX_SENTENCES = 3;

/**
 * A text's derived form for the last `limit` distinct texts (forgotten all at once when full): the same
 * passages come back question after question, and splitting and stemming them was most of the answer's work.
 */
function remembered<T>(limit: number, derive: (text: string) => T): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    let value = kept.get(text);
    if (value === undefined) {
      if (kept.size >= limit) kept.clear();
      value = derive(text);
      kept.set(text, value);
    }
    return value;
  };
}

/** Sentence → stems. */
const stemsOf = remembered(20_000, (text) => contentWords(text).map(stem));

/** Page text → its sentences, each with the key that finds its repeats and the stems it and its heading hold. */
const sortedStems = (stems: string[]) => [...new Set(stems)].sort();

const sentencesOfPage = remembered(2_000, (pageText) =>
  splitSentences(pageText).map(({ text, heading }, pos) => {
    const stems = stemsOf(text);
    return {
      text,
      pos,
      key: fold(text),
      stems,
      sorted: sortedStems(stems),
      headingSorted: sortedStems(stemsOf(heading)),
    };
  }),
);

/**
 * A sentence holds a wanted stem as a word, or (4+ letters, a typo correction) as a word's beginning. `sorted`
 * is in code-unit order, so the first stem not below `w` is the one that starts with it if any does (a binary
 * search instead of trying every stem: this test runs for every sentence, term and heading).
 */
function holdsStem(sorted: string[], w: string): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < w) lo = mid + 1;
    else hi = mid;
  }
  const at = sorted[lo];
  return at !== undefined && (w.length >= 4 ? at.startsWith(w) : at === w);
}
const holds = (stems: string[], t: WeightedTerm) =>
  t.stems.every((w) => holdsStem(stems, w)) || !!t.alts?.some((alt) => alt.every((w) => holdsStem(stems, w)));

function sentencesOf(pages: ParsedPage[]): Sentence[] {
  const seen = new Set<string>();
  const out: Sentence[] = [];
  for (const p of pages) {
    for (const { key, ...s } of sentencesOfPage(p.text)) {
      // Overlapping chunks repeat sentences: keep the first (best-ranked) copy.
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...s, file: p.file, page: p.page, n: p.n });
    }
  }
  return out;
}

function termsOf(input: ExtractiveInput): WeightedTerm[] {
  if (input.terms?.length) return input.terms;
  return [...new Set(stemsOf(input.question))].map((s) => ({ stems: [s], weight: 1 }));
}

export function scoreSentences(input: ExtractiveInput): ScoredSentence[] {
  const known = termsOf(input).filter((t) => t.weight > 0);
  const total = known.reduce((a, t) => a + t.weight, 0);
  if (!total) return [];
  return sentencesOf(input.pages).map((s) => {
    let got = 0;
    let underHeading = 0;
    for (const t of known) {
      if (holds(s.sorted, t)) got += t.weight;
      if (holds(s.headingSorted, t)) underHeading += t.weight;
    }
    // Question words side by side in the same order ("vesting schedule") are worth a little more.
    let pairs = 0;
    for (let i = 0; i + 1 < known.length; i++) {
      const a = s.stems.indexOf(known[i]!.stems.at(-1)!);
      if (a >= 0 && s.stems[a + 1] === known[i + 1]!.stems[0]) pairs++;
    }
    const coverage = got / total;
    // A sentence under a heading that names the question's subject ("Sick Leave") is more likely the answer.
    const score = coverage + 0.25 * (underHeading / total) + 0.1 * pairs + 0.05 / s.n - 0.003 * s.pos;
    return { ...s, coverage, score };
  });
}

/**
 * Enough of the question is in the documents and in the best sentence to call it an answer: at least half
 * of the question's words are words the documents use, and the best sentence holds a fair share of them.
 */
export function isRelevant(best: ScoredSentence | undefined, terms: WeightedTerm[]): boolean {
  if (!best || !terms.length) return false;
  const known = terms.filter((t) => t.weight > 0).length;
  if (known / terms.length < 0.5) return false;
  return best.coverage >= (known <= 1 ? 0.99 : 0.3);
}

export function composeExtractiveAnswer(input: ExtractiveInput): string {
  const scored = scoreSentences(input).sort((a, b) => b.score - a.score);
  const best = scored[0];
  const parts: string[] = [];
  if (!isRelevant(best, termsOf(input))) {
    parts.push(CHAT_TEXTS.notFound(input.dbLabel));
  } else {
    const chosen = scored
      .filter((s) => s.coverage > 0 && s.score >= best!.score * 0.6)
      .slice(0, MAX_SENTENCES);
    parts.push("Here is what the documents say:");
    parts.push(chosen.map((s) => `- ${s.text} ${citation(s.file, [s.page])}`).join("\n"));
    parts.push(CHAT_TEXTS.extracted);
  }
  if (input.useWeb) parts.push(`${CHAT_TEXTS.generalKnowledge} ${CHAT_TEXTS.noGeneralKnowledge}`);
  return parts.join("\n\n");
}
