import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { composeExtractiveAnswer, type WeightedTerm } from "./extractive";
import { parseSources } from "./prompt";

/**
 * The built-in answer model (the default; no network): an AI SDK LanguageModelV4 quoting the best-matching
 * sentences (extractive.ts). It reads the prompt a hosted model gets plus `geolabs: { dbLabel, useWeb, terms }`.
 */
/** Named in the cache key: answers of the earlier rules (which refused more often) are not served again. */
export const LOCAL_MODEL_ID = "geolabs-extractive-2";

export interface LocalOptions {
  dbLabel?: string;
  useWeb?: boolean;
  terms?: WeightedTerm[];
}

function readPrompt(options: LanguageModelV4CallOptions) {
  const system = options.prompt
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n");
  const lastUser = options.prompt.filter((m) => m.role === "user").at(-1);
  const question =
    lastUser?.role === "user" ? lastUser.content.map((p) => (p.type === "text" ? p.text : "")).join(" ") : "";
  const o = (options.providerOptions?.geolabs ?? {}) as LocalOptions;
  return {
    question,
    pages: parseSources(system),
    dbLabel: o.dbLabel ?? "the documents",
    useWeb: !!o.useWeb,
    terms: Array.isArray(o.terms) && o.terms.length ? o.terms : undefined,
  };
}

const usage = (input: number, output: number): LanguageModelV4Usage => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});

/** Word-sized pieces (a word with the space after it), the way a hosted model streams tokens. */
export function tokens(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function answer(options: LanguageModelV4CallOptions) {
  options.abortSignal?.throwIfAborted();
  const p = readPrompt(options);
  const text = composeExtractiveAnswer(p);
  const inputTokens = Math.ceil((p.question.length + p.pages.reduce((n, x) => n + x.text.length, 0)) / 4);
  return { text, usage: usage(inputTokens, tokens(text).length) };
}

export function createLocalModel(): LanguageModelV4 {
  return {
    specificationVersion: "v4",
    provider: "geolabs.local",
    modelId: LOCAL_MODEL_ID,
    supportedUrls: {},
    async doGenerate(options) {
      const { text, usage } = answer(options);
      return {
        content: [{ type: "text", text }],
        finishReason: { unified: "stop", raw: "stop" },
        usage,
        warnings: [],
      };
    },
    async doStream(options) {
      const { text, usage } = answer(options);
      const pieces = tokens(text);
      let i = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: "stream-start", warnings: [] });
          controller.enqueue({ type: "response-metadata", modelId: LOCAL_MODEL_ID, timestamp: new Date() });
          controller.enqueue({ type: "text-start", id: "0" });
        },
        // Pulled one piece at a time: the consumer's pace (and an abort) decides how far it gets.
        pull(controller) {
          if (options.abortSignal?.aborted) {
            controller.error(options.abortSignal.reason);
            return;
          }
          if (i < pieces.length) {
            controller.enqueue({ type: "text-delta", id: "0", delta: pieces[i++]! });
            return;
          }
          controller.enqueue({ type: "text-end", id: "0" });
          controller.enqueue({ type: "finish", usage, finishReason: { unified: "stop", raw: "stop" } });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
