import { Elysia } from "elysia";
import pkg from "../../package.json" with { type: "json" };
import { authRest } from "./auth/rest";
import { appRouter } from "./compose/router";
import type { AppDeps } from "./deps";
import { chatRest } from "./domains/chat/rest";
import { coreBoxesRest } from "./domains/core-boxes/rest";
import { documentsRest } from "./domains/documents/rest";
import { notificationsRest } from "./domains/notifications/rest";
import { projectsRest } from "./domains/projects/rest";
import { reportsRest } from "./domains/reports/rest";
import { reportsBinderRest } from "./domains/reports-binder/rest";
import { searchRest } from "./domains/search/rest";
import { signedFilesRoute, storageRest } from "./domains/storage/rest";
import { ticketsRest } from "./domains/tickets/rest";
import { usersRest } from "./domains/users/rest";
import { workOrdersRest } from "./domains/work-orders/rest";
import { adoptHeaders, type HeadersToAdopt } from "./http/adopt-headers";
import { errorResponder } from "./http/error-response";
import { createMetrics, type Metrics } from "./http/metrics";
import { metricsRest } from "./http/metrics-route";
import { openApiDocument } from "./http/openapi/document";
import { rest } from "./http/openapi/route-doc";
import { requestGuard, requestLogger } from "./http/request-guard";
import { requestState } from "./http/request-state";
import { json } from "./http/rest-helpers";
import { createStaticHandler } from "./http/static";
import { handleTrpc } from "./trpc/http";

const { version } = pkg;
type OpenApi = ReturnType<typeof openApiDocument>;

/**
 * The whole HTTP surface as an Elysia instance, without listening (tests call app.handle(request)).
 * /trpc/* and /api/* are two doors into the same domain services; everything else is the React app.
 */
export function createApp(deps: AppDeps, opts: { metrics?: Metrics } = {}) {
  const serveClient = createStaticHandler(deps.env.CLIENT_DIR);
  let openApi: OpenApi | undefined;
  const metrics = opts.metrics ?? createAppMetrics();
  const logRequest = requestLogger(deps.log, metrics);

  // Both tRPC methods: the door's headers go onto tRPC's own Response (http/adopt-headers.ts).
  const trpc = async (c: { request: Request; set: HeadersToAdopt }) =>
    adoptHeaders(await handleTrpc(appRouter, deps, c.request, metrics), c.set);

  // attach() reads the finished route list, to label metrics by route pattern.
  const app = metrics.attach(
    new Elysia()
      .onRequest(requestGuard(deps, logRequest))
      .onAfterHandle(({ request }) => {
        requestState(request).end = performance.now();
      })
      .onAfterResponse(({ request, set, responseValue }) => {
        const status = responseValue instanceof Response ? responseValue.status : Number(set.status ?? 200);
        logRequest(request, status);
      })
      .onError(errorResponder(deps.log, metrics))
      .get("/api/health", () => ({ ok: true }), {
        detail: rest({ summary: "Health check", tag: "Portal", access: "public", returns: "{ ok: true }" }),
      })
      // Generated from the contracts the app's routes carry (http/openapi/route-doc.ts), at the first request.
      .get("/api/openapi.json", (): OpenApi => (openApi ??= openApiDocument(version, app.routes)), {
        detail: rest({ summary: "This document", tag: "Portal", access: "public", returns: "OpenAPI 3.1" }),
      })
      .use(metricsRest(deps, metrics))
      // The spec's health path: public, 200, no internals.
      .get("/api/core-boxes/_debug", () => ({ ok: true }), {
        detail: rest({
          summary: "The spec's health path",
          tag: "Portal",
          access: "public",
          returns: "{ ok: true }",
        }),
      })
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
      .use(notificationsRest(deps))
      .use(searchRest(deps))
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
  return app;
}

export type App = ReturnType<typeof createApp>;

/** The request metrics of one process (index.ts shares them between WEB_CONCURRENCY processes). */
export const createAppMetrics = () => createMetrics(Object.keys(appRouter._def.procedures));
