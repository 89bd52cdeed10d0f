import { composeExtractiveAnswer, type WeightedTerm } from "@server/ai/extractive";
import { stem } from "@server/ai/fts-query";

/**
 * The built-in answer model's inputs, for tests written on pages made up for them (a marine survey firm's boat
 * procedures, a bakery's kitchen rules): never the evaluation sets' documents or questions.
 */

/** A retriever's term: the word's stem, and its weight in the index (0 for a word the documents never use). */
export const term = (word: string, weight: number): WeightedTerm => ({ stems: [stem(word)], weight });

/** The built-in model's answer from one page of one passage. */
export const answerOnPage = (
  question: string,
  page: { file: string; page: number; text: string },
  terms: WeightedTerm[],
  dbLabel: string,
) => composeExtractiveAnswer({ question, pages: [{ n: 1, ...page }], dbLabel, useWeb: false, terms });

/** The first line of an answer: the quote that leads (or the line above the quotes). */
export const firstLine = (answer: string) => answer.split("\n")[0]!;
