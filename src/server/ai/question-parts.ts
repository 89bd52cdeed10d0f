import { CHAT_TEXTS } from "@shared/chat";
import type { ExtractiveInput, WeightedTerm } from "./extractive";
import { contentWords, stem } from "./fts-query";

/**
 * Questions that ask two things ("How often is X checked, and who pays for Y?"): each part is answered on its
 * own, or said not to be answered, so one half is never passed over in silence.
 */

/** Where a second question starts: ", and who …", "; how …", "? What …" (a question word or a verb). */
const SECOND_QUESTION =
  /(?:,?\s+(?:and|also|plus)|[;?])\s+(?=(?:who|what|when|where|which|why|how|is|are|do|does|did|can|could|should|must|will|would)\b(?!['’]))/gi;

/** The parts a question asks, each holding a word to search for; the question itself when it asks one thing. */
export function questionParts(question: string): string[] {
  const parts = question
    .split(SECOND_QUESTION)
    .map((p) => p.trim())
    .filter((p) => contentWords(p).length > 0);
  return parts.length > 1 ? parts : [question];
}

type PartAnswer = { quotes: string; supported: boolean } | null;

/** A part as its heading above its quotes: a question, in bold (Markdown's own marks taken out). */
const asHeading = (part: string) => {
  const text = part.replace(/[*_`]/g, "").replace(/[\s,;.?]+$/, "");
  return `**${text.charAt(0).toUpperCase()}${text.slice(1)}?**`;
};

/**
 * Each part answered with the question's terms it holds (and the words naming a document, which hold for every
 * part); "only in part" above them all when a part is not fully answered, and that part says so.
 */
export function answerEachPart(
  input: ExtractiveInput,
  parts: string[],
  answerPart: (input: ExtractiveInput) => PartAnswer,
  terms: WeightedTerm[],
): string[] {
  const answers = parts.map((part) => {
    const stems = new Set(contentWords(part).map(stem));
    const own = terms.filter((t) => t.stems.every((s) => stems.has(s)));
    const named = terms.filter((t) => t.files && !own.includes(t));
    return {
      part,
      answer: own.length ? answerPart({ ...input, question: part, terms: [...own, ...named] }) : null,
    };
  });
  if (answers.every((a) => !a.answer)) return [CHAT_TEXTS.notFound(input.dbLabel)];
  const out: string[] = [];
  if (answers.some((a) => !a.answer?.supported)) out.push(CHAT_TEXTS.partialSupport);
  for (const { part, answer } of answers) {
    out.push(`${asHeading(part)}\n${answer ? answer.quotes : CHAT_TEXTS.partNotAnswered}`);
  }
  out.push(CHAT_TEXTS.extracted);
  return out;
}
