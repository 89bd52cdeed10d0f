import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { Env } from "../env";
import { createLocalModel, LOCAL_MODEL_ID } from "./local-model";

/**
 * The answer model, chosen once from configuration: an OpenAI-compatible chat endpoint when AI_BASE_URL and
 * AI_MODEL are set (through `.chat()`: the Chat Completions API that vLLM, llama.cpp server and Ollama speak;
 * the bare provider call would use the Responses API they lack), else the built-in extractive model.
 */
export type AiEnv = Pick<Env, Extract<keyof Env, `AI_${string}` | `EMBEDDINGS_${string}`>>;

export interface AnswerModel {
  /** The model; the AI SDK and the provider are loaded on the first question, not at start. */
  load(): Promise<LanguageModelV4>;
  kind: "local" | "openai";
  /** Names the model in the cache key and history: another model never reuses this one's answers. */
  id: string;
  maxRetries: number;
  /** The longest wait for the whole answer and for the first (or next) token, in seconds. */
  timeoutSeconds: { total: number; idle: number };
}

export function createAnswerModel(env: AiEnv): AnswerModel {
  const timeoutSeconds = { total: env.AI_TIMEOUT_S, idle: env.AI_IDLE_TIMEOUT_S };
  if (env.AI_BASE_URL && env.AI_MODEL) {
    const { AI_BASE_URL: baseURL, AI_API_KEY: apiKey, AI_MODEL: modelId } = env;
    let model: Promise<LanguageModelV4> | undefined;
    return {
      load: () =>
        (model ??= import("@ai-sdk/openai").then(({ createOpenAI }) =>
          // A local server needs no key, but the provider insists on one.
          createOpenAI({ baseURL, apiKey: apiKey ?? "none" }).chat(modelId),
        )),
      kind: "openai",
      id: `openai:${env.AI_MODEL}@${env.AI_BASE_URL}`,
      // One retry of a failed call; a hung one is cut by the timeouts instead.
      maxRetries: 1,
      timeoutSeconds,
    };
  }
  const local = createLocalModel();
  return {
    load: async () => local,
    kind: "local",
    id: `local:${LOCAL_MODEL_ID}`,
    maxRetries: 0,
    timeoutSeconds,
  };
}
