import { TRPC_BATCH_MAX } from "@shared/common";
import { BINDER_IMPORT_MAX_BYTES } from "@shared/reports-binder";
import type { AnyTRPCRouter } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { AppDeps } from "../deps";
import { BODY_TOO_LARGE, isMultipart, JSON_BODY_MAX_BYTES, JSON_ONLY, readCapped } from "../http/body-limit";
import type { Metrics } from "../http/metrics";
import { requestState } from "../http/request-state";
import { AppError, retryAfterOf } from "../lib/errors";

/** The largest multipart body a tRPC procedure takes: the biggest spreadsheet import, plus the form around it. */
const TRPC_FORM_MAX_BYTES = BINDER_IMPORT_MAX_BYTES + 64 * 1024;

/**
 * The tRPC door. Before tRPC reads anything: a batch of more than TRPC_BATCH_MAX calls is refused (one request
 * must not queue hundreds of writes), and a body is read against its cap (JSON, or a multipart import form) so
 * tRPC parses bytes already in hand instead of reading a stream of any length itself.
 */
export async function handleTrpc(
  router: AnyTRPCRouter,
  deps: AppDeps,
  request: Request,
  metrics: Metrics,
): Promise<Response> {
  const url = new URL(request.url);
  const calls = url.pathname.slice("/trpc/".length).split(",").length;
  if (url.searchParams.has("batch") && calls > TRPC_BATCH_MAX) {
    throw new AppError(
      "BAD_REQUEST",
      `Send at most ${TRPC_BATCH_MAX} calls in one batch (this one had ${calls}).`,
    );
  }
  let req = request;
  if (request.method === "POST" && request.body) {
    const type = request.headers.get("content-type") ?? "";
    const form = isMultipart(type);
    if (!form && !/^application\/json\b/i.test(type)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", JSON_ONLY);
    const max = form ? TRPC_FORM_MAX_BYTES : JSON_BODY_MAX_BYTES;
    const bytes = await readCapped(request, max, form ? "The file is too large to import." : BODY_TOO_LARGE);
    req = new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: bytes as Uint8Array<ArrayBuffer>,
    });
  }
  const state = requestState(request);
  return fetchRequestHandler({
    endpoint: "/trpc",
    req,
    router,
    // A refusal that says when to come back (a full queue, a person's rate) says it in Retry-After, as REST does.
    responseMeta: ({ errors }) => {
      const seconds = errors.map((e) => retryAfterOf(e.cause)).find((s) => s !== undefined);
      return seconds ? { headers: new Headers({ "retry-after": String(seconds) }) } : {};
    },
    createContext: () => ({
      deps,
      user: state.user,
      reqId: state.reqId,
      ip: state.ip,
      signal: request.signal,
      countUnhandled: metrics.countUnhandled,
    }),
  });
}
