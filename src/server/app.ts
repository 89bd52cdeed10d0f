import { MESSAGES } from "@shared/auth";
import { Elysia } from "elysia";
import pkg from "../../package.json" with { type: "json" };
import { renewedSessionCookie } from "./auth/cookies";
import { isCrossSiteWrite } from "./auth/cross-site";
import { allowedWhileTemporary, authRest, PUBLIC_API_PATHS } from "./auth/rest";
import type { SessionIdentity } from "./auth/sessions";
import { cameOverHttps, clientAddress } from "./auth/trusted-proxies";
import type { AppDeps } from "./deps";
import { chatRest } from "./domains/chat/rest";
import { coreBoxesRest } from "./domains/core-boxes/rest";
import { documentsRest } from "./domains/documents/rest";
import { projectsRest } from "./domains/projects/rest";
import { reportsRest } from "./domains/reports/rest";
import { reportsBinderRest } from "./domains/reports-binder/rest";
import { signedFilesRoute, storageRest } from "./domains/storage/rest";
import { ticketsRest } from "./domains/tickets/rest";
import { usersRest } from "./domains/users/rest";
import { workOrdersRest } from "./domains/work-orders/rest";
import { adoptHeaders, type HeadersToAdopt } from "./http/adopt-headers";
import { BODY_TOO_LARGE, isOversizedBody } from "./http/body-limit";
import { isListedOrigin, isPreflight, originHeaders, preflightHeaders } from "./http/cors";
import { createMetrics, type Metrics } from "./http/metrics";
import { metricsRest } from "./http/metrics-route";
import { openApiDocument } from "./http/openapi/document";
import { requestState, setRequestState } from "./http/request-state";
import { json } from "./http/rest-helpers";
import { securityHeaders } from "./http/security-headers";
import { createStaticHandler } from "./http/static";
import { AppError, outageError, retryAfterOf } from "./lib/errors";
import { handleTrpc } from "./trpc/http";
import { appRouter } from "./trpc/root";

const INTERNAL = "Something went wrong on our side. Please try again.";
const { version } = pkg;

/**
 * The whole HTTP surface as an Elysia instance, without listening (tests call app.handle(request)).
 * /trpc/* and /api/* are two doors into the same domain services; everything else is the React app.
 */
export function createApp(deps: AppDeps, opts: { metrics?: Metrics } = {}) {
  const { env, log } = deps;
  const headers = securityHeaders(env, deps.storageOrigins);
  const serveClient = createStaticHandler(env.CLIENT_DIR);
  let openApi: ReturnType<typeof openApiDocument> | undefined;
  const metrics = opts.metrics ?? createAppMetrics();

  const logRequest = (request: Request, status: number) => {
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

  /** An answer given by the guard itself, before any route runs (with the headers already chosen for it). */
  const refuse = (request: Request, status: number, message: string, given: Record<string, unknown>) => {
    logRequest(request, status);
    return json(status, { error: message }, given as Record<string, string>);
  };

  // Both tRPC methods: the door's headers go onto tRPC's own Response (http/adopt-headers.ts).
  const trpc = async (c: { request: Request; set: HeadersToAdopt }) =>
    adoptHeaders(await handleTrpc(deps, c.request, metrics), c.set);

  // attach() reads the finished route list, to label metrics by route pattern.
  return metrics.attach(
    new Elysia()
      .onRequest(async ({ request, set, server }) => {
        const reqId = request.headers.get("x-request-id")?.slice(0, 64) || crypto.randomUUID();
        const peer = deps.clientAddress
          ? deps.clientAddress(request)
          : (server?.requestIP(request)?.address ?? null);
        const ip = clientAddress(peer, request.headers.get("x-forwarded-for"), env.TRUSTED_PROXIES);
        const https = cameOverHttps(request, peer, env.TRUSTED_PROXIES);
        setRequestState(request, { reqId, ip, https, start: performance.now(), user: null });
        const origin = request.headers.get("origin");
        const listed = isListedOrigin(origin, env.CORS_ORIGINS);
        Object.assign(set.headers, headers, originHeaders(origin, env.CORS_ORIGINS), {
          "x-request-id": reqId,
        });

        const path = new URL(request.url).pathname;
        // Listed origins may show the portal's files in a frame (PDF previews; the file's CSP names them).
        if (path.startsWith("/files/") && env.CORS_ORIGINS.length) delete set.headers["x-frame-options"];
        const isApi = path.startsWith("/api/") || path.startsWith("/trpc/");
        if (isPreflight(request) && listed) {
          logRequest(request, 204);
          return new Response(null, { status: 204, headers: preflightHeaders(request, origin!) });
        }
        if (!isApi) return;
        set.headers["cache-control"] = "no-store";
        const refuseWith = (status: number, message: string) => refuse(request, status, message, set.headers);
        if (isPreflight(request)) return refuseWith(403, MESSAGES.crossSite);
        if (isCrossSiteWrite(request, env.PUBLIC_URL, env.CORS_ORIGINS))
          return refuseWith(403, MESSAGES.crossSite);
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
      })
      .onAfterHandle(({ request }) => {
        requestState(request).end = performance.now();
      })
      .onAfterResponse(({ request, set, responseValue }) => {
        const status = responseValue instanceof Response ? responseValue.status : Number(set.status ?? 200);
        logRequest(request, status);
      })
      .onError(({ request, code, error, set }) => {
        requestState(request).end = performance.now();
        if (error instanceof AppError) {
          set.status = error.status;
          const retryAfter = retryAfterOf(error);
          if (retryAfter) set.headers["retry-after"] = String(retryAfter);
          return { error: error.message };
        }
        // A body refused while it was read (too large, not JSON) keeps its own status and words.
        if (code === "PARSE" && error.cause instanceof AppError) {
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
      })
      .get("/api/health", () => ({ ok: true }))
      .get("/api/openapi.json", () => (openApi ??= openApiDocument(version)))
      .use(metricsRest(deps, metrics))
      // The spec's health path: public, 200, no internals.
      .get("/api/core-boxes/_debug", () => ({ ok: true }))
      .use(authRest(deps))
      .use(usersRest(deps))
      .use(reportsBinderRest(deps))
      .use(storageRest(deps))
      .use(documentsRest(deps))
      .use(reportsRest(deps))
      .use(chatRest(deps))
      .use(workOrdersRest(deps))
      .use(projectsRest(deps))
      .use(ticketsRest(deps))
      .use(coreBoxesRest(deps))
      .get("/trpc/*", trpc)
      .post("/trpc/*", trpc)
      .all("/api/*", () => json(404, { error: "Not found." }))
      // Signed links are their own authority: the guard above leaves /files/* alone, the signature protects it.
      .use(signedFilesRoute(deps))
      .get("/*", ({ request, set }) => {
        const path = new URL(request.url).pathname;
        if (path.startsWith("/api/") || path === "/api") return json(404, { error: "Not found." });
        return adoptHeaders(serveClient(request), set);
      }),
  );
}

export type App = ReturnType<typeof createApp>;

/** The request metrics of one process (index.ts shares them between WEB_CONCURRENCY processes). */
export const createAppMetrics = () => createMetrics(Object.keys(appRouter._def.procedures));
