import { AppError, outageError, retryAfterOf } from "../lib/errors";
import type { Logger } from "../lib/logger";
import type { HeadersToAdopt } from "./adopt-headers";
import type { Metrics } from "./metrics";
import { requestState } from "./request-state";

const INTERNAL = "Something went wrong on our side. Please try again.";

/** What the error handler needs of Elysia's error context. */
interface ErrorContext {
  request: Request;
  code: string | number;
  error: unknown;
  set: HeadersToAdopt & { status?: number | string };
}

/**
 * The body and status of a request that threw: a person-facing AppError keeps its words, an unreadable or
 * invalid request says so, an outage says what is down; anything else is logged and answered in general terms.
 */
export function errorResponder(log: Logger, metrics: Metrics) {
  return ({ request, code, error, set }: ErrorContext): { error: string } => {
    requestState(request).end = performance.now();
    if (error instanceof AppError) {
      set.status = error.status;
      const retryAfter = retryAfterOf(error);
      if (retryAfter) set.headers["retry-after"] = String(retryAfter);
      return { error: error.message };
    }
    // A body refused while it was read (too large, not JSON) keeps its own status and words.
    if (code === "PARSE" && error instanceof Error && error.cause instanceof AppError) {
      set.status = error.cause.status;
      return { error: error.cause.message };
    }
    if (code === "PARSE") {
      set.status = 400;
      return { error: "The request body could not be read. Send valid JSON or form data." };
    }
    if (code === "NOT_FOUND") {
      set.status = 404;
      return { error: "Not found." };
    }
    if (code === "VALIDATION") {
      set.status = 400;
      return { error: "The request is not valid." };
    }
    const outage = outageError(error);
    if (outage) {
      log.warn("dependency unavailable", { reqId: requestState(request).reqId, err: error });
      set.status = outage.status;
      return { error: outage.message };
    }
    metrics.countUnhandled();
    log.error("unhandled error", { reqId: requestState(request).reqId, err: error });
    set.status = 500;
    return { error: INTERNAL };
  };
}
