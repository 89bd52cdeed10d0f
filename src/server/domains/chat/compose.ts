import { CHAT_MESSAGES } from "@shared/chat";
import { AnswerStopped, answerError } from "../../ai/errors";
import { STOP_WORDS } from "../../ai/fts-query";
import { systemPrompt } from "../../ai/prompt";
import type { Passage, Retrieval } from "../../ai/retrieval";
import { createWatchdog } from "../../ai/watchdog";
import { AppError } from "../../lib/errors";
import type { Admission } from "../../lib/fair-gate";
import type { ServiceCtx } from "../../lib/service-ctx";
import type { ChatTarget } from "./targets";

export type AnswerModel = ServiceCtx["deps"]["ai"]["answer"];

/** What the model composes an answer from. */
export interface Composition {
  question: string;
  useWeb: boolean;
  /** The caller takes the answer whole (see AskRequest.whole). */
  whole?: boolean;
  /** The asker's request: leaving aborts the answer. */
  signal?: AbortSignal;
  target: ChatTarget;
  model: AnswerModel;
  passages: Passage[];
  terms: ReturnType<typeof termWeights>;
}

/** Inverse document frequency of each term, 0 for words the documents never use (the local model's weights). */
export function termWeights(retrieval: Retrieval) {
  const completed = new Set(retrieval.completions.map(([typed]) => typed));
  return (
    retrieval.terms
      .filter((t) => !(t.words.length === 1 && completed.has(t.words[0]!)))
      .map((t) => ({
        // A phrase loses its function words; a single-word term is a word or a label letter ("Category A").
        stems: t.stems.length > 1 ? t.stems.filter((x) => !STOP_WORDS.has(x)) : t.stems,
        // A word read into the question (a completed clipping) is less certain than one typed. A word of a
        // named document's name on none of its pages (only in its file name) is as rare as a word can be.
        weight: t.df
          ? Math.log(1 + retrieval.chunks / t.df) * (t.guessed ? 0.6 : 1)
          : t.files
            ? Math.log(1 + retrieval.chunks)
            : 0,
        ...(t.files ? { files: t.files } : {}),
      }))
      // A term of function words only would be held by every sentence.
      .filter((t) => t.stems.length > 0)
  );
}

/**
 * The answer as the model produces it, watched for silence and for its total time; the answer's place among
 * those computing is released when it ends.
 */
export async function* composeAnswer(
  ctx: ServiceCtx,
  c: Composition,
  place: Admission,
): AsyncGenerator<string> {
  const answerModel = c.model;
  const wait = answerModel.timeoutSeconds;
  const watchdog = createWatchdog(wait.idle * 1000, wait.total * 1000);
  const signal = c.signal ? AbortSignal.any([c.signal, watchdog.signal]) : watchdog.signal;
  const [{ streamText, generateText }, model] = await Promise.all([import("ai"), answerModel.load()]);
  const call = {
    model,
    system: systemPrompt(c.passages, { dbLabel: c.target.label, useWeb: c.useWeb }),
    prompt: c.question,
    temperature: 0.2,
    maxRetries: answerModel.maxRetries,
    abortSignal: signal,
    providerOptions: {
      geolabs: { dbLabel: c.target.label, useWeb: c.useWeb, terms: c.terms },
    },
  };
  const timedOut = () =>
    new AppError(
      "GATEWAY_TIMEOUT",
      CHAT_MESSAGES.aiTimeout(watchdog.fired === "total" ? wait.total : wait.idle),
    );
  try {
    // The built-in model composes its answer at once: when the caller takes it whole, one call without the
    // stream machinery (which cost as much again as the answer itself). A hosted model keeps streaming, so
    // the wait between tokens is still watched.
    if (c.whole && answerModel.kind === "local") {
      const { text } = await generateText(call);
      if (watchdog.fired) throw timedOut();
      yield text;
      return;
    }
    // Errors arrive as stream parts below; onError only keeps the SDK from logging them to the console.
    const result = streamText({ ...call, onError: () => {} });
    for await (const part of result.fullStream) {
      watchdog.alive();
      if (part.type === "text-delta") yield part.text;
      else if (part.type === "error") throw part.error;
      else if (part.type === "abort") throw watchdog.fired ? timedOut() : new AnswerStopped();
    }
    if (watchdog.fired) throw timedOut();
  } catch (err) {
    const mapped = watchdog.fired && !c.signal?.aborted ? timedOut() : answerError(err, c.signal);
    if (!(mapped instanceof AnswerStopped)) {
      ctx.log.warn("answer failed", { db: c.target.name, model: answerModel.id, err, status: mapped.status });
    }
    throw mapped;
  } finally {
    watchdog.stop();
    place.release();
  }
}
