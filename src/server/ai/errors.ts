import { APICallError } from "@ai-sdk/provider";
import { CHAT_MESSAGES } from "@shared/chat";
import { RetryError } from "ai";
import { AppError } from "../lib/errors";

/** The person closed the request (Stop, or left the page): nothing to answer, nothing to save. */
export class AnswerStopped extends AppError {
  constructor() {
    super("BAD_REQUEST", CHAT_MESSAGES.stopped);
  }
}

function describe(err: unknown): string {
  if (RetryError.isInstance(err)) return describe(err.lastError);
  if (APICallError.isInstance(err)) {
    return err.statusCode ? `HTTP ${err.statusCode}` : "no connection to the AI service";
  }
  if (err instanceof Error && /fetch|connect|ECONNREFUSED|socket/i.test(err.message)) {
    return "no connection to the AI service";
  }
  return "unexpected reply from the AI service";
}

/**
 * What a failed answer means for the person asking: stopped (their own abort), or the service failed (502,
 * with the HTTP status when there is one). Timeouts are the watchdog's (504). Never a stack trace.
 */
export function answerError(err: unknown, signal?: AbortSignal): AppError {
  if (err instanceof AppError) return err;
  if (signal?.aborted) return new AnswerStopped();
  return new AppError("BAD_GATEWAY", CHAT_MESSAGES.aiUnavailable(describe(err)));
}
