import { MESSAGES } from "@shared/auth";
import { renewedSessionCookie } from "../auth/cookies";
import { isCrossSiteWrite } from "../auth/cross-site";
import { allowedWhileTemporary, PUBLIC_API_PATHS } from "../auth/rest";
import type { SessionIdentity } from "../auth/sessions";
import { cameOverHttps, clientAddress } from "../auth/trusted-proxies";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/errors";
import type { Logger } from "../lib/logger";
import type { HeadersToAdopt } from "./adopt-headers";
import { BODY_TOO_LARGE, isOversizedBody } from "./body-limit";
import { isListedOrigin, isPreflight, originHeaders, preflightHeaders } from "./cors";
import type { Metrics } from "./metrics";
import { requestState, setRequestState } from "./request-state";
import { json } from "./rest-helpers";
import { securityHeaders } from "./security-headers";

/** Log a finished request (its status and time) and count it in the metrics. */
export type LogRequest = (request: Request, status: number) => void;

/** What the guard needs of Elysia's request context. */
interface GuardContext {
  request: Request;
  set: HeadersToAdopt;
  server: { requestIP(request: Request): { address: string } | null } | null;
}

export function requestLogger(log: Logger, metrics: Metrics): LogRequest {
  return (request, status) => {
    const state = requestState(request);
    const url = new URL(request.url);
    const ms = (state.end ?? performance.now()) - state.start;
    metrics.observe(request.method, url.pathname, status, ms / 1000);
    log.info("request", {
      reqId: state.reqId,
      method: request.method,
      path: url.pathname,
      status,
      ms: Math.round(ms * 10) / 10,
      user: state.user?.email,
    });
  };
}

/**
 * The door every request passes before any route: its state and headers, a listed origin's preflight answered,
 * then for /api/* and /trpc/* the refusals (cross-site, too large, signed out, temporary password).
 */
export function requestGuard(deps: AppDeps, logRequest: LogRequest) {
  const { env } = deps;
  const headers = securityHeaders(env, deps.storageOrigins);
  return async ({ request, set, server }: GuardContext): Promise<Response | undefined> => {
    const { peer, origin, path } = beginRequest(deps, headers, { request, set, server });
    if (isPreflight(request) && isListedOrigin(origin, env.CORS_ORIGINS)) {
      logRequest(request, 204);
      return new Response(null, { status: 204, headers: preflightHeaders(request, origin!) });
    }
    const isApi = path.startsWith("/api/") || path.startsWith("/trpc/");
    if (!isApi) return;
    set.headers["cache-control"] = "no-store";
    /** An answer given by the guard itself, before any route runs (with the headers already chosen for it). */
    const refuseWith = (status: number, message: string) => {
      logRequest(request, status);
      return json(status, { error: message }, set.headers as Record<string, string>);
    };
    return admitApiRequest(deps, request, set, peer, path, refuseWith);
  };
}

/** The request's state (id, address, https, start) and the headers every answer carries. */
function beginRequest(
  deps: AppDeps,
  headers: Record<string, string>,
  { request, set, server }: GuardContext,
) {
  const { env } = deps;
  const reqId = request.headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
  const peer = deps.clientAddress
    ? deps.clientAddress(request)
    : (server?.requestIP(request)?.address ?? null);
  const ip = clientAddress(peer, request.headers.get("x-forwarded-for"), env.TRUSTED_PROXIES);
  const https = cameOverHttps(request, peer, env.TRUSTED_PROXIES);
  setRequestState(request, { reqId, ip, https, start: performance.now(), user: null });
  const origin = request.headers.get("origin");
  Object.assign(set.headers, headers, originHeaders(origin, env.CORS_ORIGINS), { "x-request-id": reqId });
  const path = new URL(request.url).pathname;
  // Listed origins may show the portal's files in a frame (PDF previews; the file's CSP names them).
  if (path.startsWith("/files/") && env.CORS_ORIGINS.length) delete set.headers["x-frame-options"];
  return { peer, origin, path };
}

/** An API request's refusals, then who is asking (a renewed session's cookie too); undefined lets it through. */
async function admitApiRequest(
  deps: AppDeps,
  request: Request,
  set: HeadersToAdopt,
  peer: string | null,
  path: string,
  refuseWith: (status: number, message: string) => Response,
): Promise<Response | undefined> {
  const { env } = deps;
  if (isPreflight(request)) return refuseWith(403, MESSAGES.crossSite);
  if (isCrossSiteWrite(request, env.PUBLIC_URL, env.CORS_ORIGINS)) return refuseWith(403, MESSAGES.crossSite);
  if (isOversizedBody(request)) return refuseWith(413, BODY_TOO_LARGE);
  let user: SessionIdentity | null;
  try {
    user = await deps.auth.identify(request, peer);
  } catch (err) {
    if (err instanceof AppError) return refuseWith(err.status, err.message);
    throw err;
  }
  requestState(request).user = user;
  // The server extended the session: the browser's cookie is given the same new lifetime (refused or not).
  if (user?.renewedUntil) {
    const cookie = renewedSessionCookie(request, env, user.renewedUntil);
    if (cookie) set.headers["set-cookie"] = cookie;
  }
  if (!user && !PUBLIC_API_PATHS.has(path)) return refuseWith(401, MESSAGES.signInRequired);
  if (user?.mustChangePassword && !allowedWhileTemporary(path)) {
    return refuseWith(403, MESSAGES.changeTemporaryPassword);
  }
}
