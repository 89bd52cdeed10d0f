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

const isTimeout = (err: unknown): boolean => {
  if (!(err instanceof Error)) return false;
  if (err.name === "TimeoutError") return true;
  const cause = (err as { cause?: unknown }).cause;
  if (/time(d)? ?out/i.test(err.message)) return true;
  return cause !== undefined && cause !== err && isTimeout(cause);
};

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
 * What a failed answer means for the person asking: stopped (their own abort), too slow (504, the configured
 * wait in the message) or the service failed (502, with the HTTP status when there is one). Never a stack.
 */
export function answerError(err: unknown, opts: { signal?: AbortSignal; waitSeconds: number }): AppError {
  if (err instanceof AppError) return err;
  if (opts.signal?.aborted) return new AnswerStopped();
  if (RetryError.isInstance(err) && isTimeout(err.lastError)) {
    return new AppError("GATEWAY_TIMEOUT", CHAT_MESSAGES.aiTimeout(opts.waitSeconds));
  }
  if (isTimeout(err) || (err instanceof Error && err.name === "AbortError")) {
    return new AppError("GATEWAY_TIMEOUT", CHAT_MESSAGES.aiTimeout(opts.waitSeconds));
  }
  return new AppError("BAD_GATEWAY", CHAT_MESSAGES.aiUnavailable(describe(err)));
}
