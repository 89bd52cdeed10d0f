import { CHAT_MESSAGES } from "@shared/chat";
import { AppError } from "../lib/errors";

/** The person closed the request (Stop, or left the page): nothing to answer, nothing to save. */
export class AnswerStopped extends AppError {
  constructor() {
    super("BAD_REQUEST", CHAT_MESSAGES.stopped);
  }
}

/** The AI SDK's errors, told apart by name (importing the SDK for `isInstance` would load it at start). */
type SdkError = Error & { lastError?: unknown; statusCode?: number };

const OFFLINE = "no connection to the AI service";

function describe(err: unknown): string {
  const e = err as SdkError;
  if (e?.name === "AI_RetryError") return describe(e.lastError);
  if (e?.name === "AI_APICallError") return e.statusCode ? `HTTP ${e.statusCode}` : OFFLINE;
  if (err instanceof Error && /fetch|connect|ECONNREFUSED|socket/i.test(err.message)) return OFFLINE;
  return "unexpected reply from the AI service";
}

/** Stopped (the asker's abort), else 502 with the HTTP status if any; timeouts are the watchdog's (504). */
export function answerError(err: unknown, signal?: AbortSignal): AppError {
  if (err instanceof AppError) return err;
  if (signal?.aborted) return new AnswerStopped();
  return new AppError("BAD_GATEWAY", CHAT_MESSAGES.aiUnavailable(describe(err)));
}
