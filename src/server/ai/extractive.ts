import { CHAT_TEXTS, citation } from "@shared/chat";
import { contentWords, fold, stem } from "./fts-query";
import type { ParsedPage } from "./prompt";

/**
 * The built-in answer: the sentences of the retrieved passages that best match the question, quoted with
 * their file and page, labelled as extracted. No sentence is written by the model, so nothing is invented;
 * when no sentence matches enough of the question the answer says nothing was found.
 */
export interface ExtractiveInput {
  question: string;
  pages: ParsedPage[];
  dbLabel: string;
  useWeb: boolean;
  /** Stems to look for (the retriever's, typo corrections included); default: the question's own. */
  stems?: string[];
}

interface Sentence {
  text: string;
  file: string;
  page: number;
  /** Rank of its passage (1 = best) and position inside it. */
  n: number;
  pos: number;
  stems: string[];
}

export const MAX_SENTENCES = 3;
const MIN_CHARS = 25;

export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])["”’)]?\s+(?=["“(]?[A-Z0-9])/))
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s.length >= MIN_CHARS && /[a-z]/i.test(s));
}

const stemsOf = (text: string) => contentWords(text).map(stem);
/** A sentence holds a wanted stem as a word, or (4+ letters, a typo correction) as a word's beginning. */
const holds = (stems: string[], w: string) =>
  w.length >= 4 ? stems.some((x) => x.startsWith(w)) : stems.includes(w);

function sentencesOf(pages: ParsedPage[]): Sentence[] {
  const out: Sentence[] = [];
  for (const p of pages) {
    splitSentences(p.text).forEach((text, pos) => {
      out.push({ text, file: p.file, page: p.page, n: p.n, pos, stems: stemsOf(text) });
    });
  }
  // Overlapping chunks repeat sentences: keep the first (best-ranked) copy.
  const seen = new Set<string>();
  return out.filter((s) => {
    const key = fold(s.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface ScoredSentence extends Sentence {
  score: number;
  coverage: number;
}

/** Sentences scored by the weighted share of question stems they hold (rarer stems weigh more). */
export function scoreSentences(input: ExtractiveInput): ScoredSentence[] {
  const wanted = [...new Set(input.stems ?? stemsOf(input.question))];
  const sentences = sentencesOf(input.pages);
  if (!wanted.length || !sentences.length) return [];
  const weight = new Map<string, number>();
  for (const w of wanted) {
    const df = sentences.filter((s) => holds(s.stems, w)).length;
    weight.set(w, Math.log(1 + sentences.length / (1 + df)));
  }
  const total = [...weight.values()].reduce((a, b) => a + b, 0) || 1;
  return sentences.map((s) => {
    let got = 0;
    for (const w of wanted) if (holds(s.stems, w)) got += weight.get(w)!;
    // Adjacent question words in the same order ("vesting schedule") are worth a little more.
    let pairs = 0;
    for (let i = 0; i + 1 < wanted.length; i++) {
      const a = s.stems.indexOf(wanted[i]!);
      if (a >= 0 && s.stems[a + 1] === wanted[i + 1]) pairs++;
    }
    const coverage = got / total;
    const score = coverage + 0.1 * pairs + 0.04 / s.n - 0.002 * s.pos;
    return { ...s, coverage, score };
  });
}

/** Enough of the question is in the best sentence to call it an answer. */
export function isRelevant(best: ScoredSentence | undefined, wanted: number): boolean {
  if (!best) return false;
  if (wanted <= 2) return best.coverage >= 0.45;
  return best.coverage >= 0.3;
}

export function composeExtractiveAnswer(input: ExtractiveInput): string {
  const scored = scoreSentences(input).sort((a, b) => b.score - a.score);
  const wanted = new Set(input.stems ?? stemsOf(input.question)).size;
  const best = scored[0];
  const parts: string[] = [];
  if (!isRelevant(best, wanted)) {
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
