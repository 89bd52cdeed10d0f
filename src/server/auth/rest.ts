import { type AuthConfig, loginInput, type Me } from "@shared/auth";
import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import { jsonBodies, PUBLIC_BODY_MAX_BYTES } from "../http/body-limit";
import { restArea } from "../http/openapi/route-doc";
import { requestState, requireUser } from "../http/request-state";
import { jsonBody } from "../http/rest-helpers";
import { clearedSessionCookie, cookieReach, sessionCookie } from "./cookies";
import type { Identity } from "./identity";

/** Paths the guard lets through without a signed-in caller. */
export const PUBLIC_API_PATHS = new Set([
  "/api/health",
  "/api/openapi.json",
  "/api/core-boxes/_debug",
  "/api/auth/login",
  "/api/auth/logout",
  "/api/auth/config",
  // Owners or a scraper's METRICS_TOKEN: the route checks either itself.
  "/api/metrics",
]);

/**
 * All a session signed in with a temporary password may call until it is changed: change it, sign out, and what
 * the sign-in screen itself reads.
 */
const WHILE_TEMPORARY = new Set([
  "/api/health",
  "/api/core-boxes/_debug", // the header's status pill
  "/api/auth/config",
  "/api/auth/me",
  "/api/auth/login", // someone else may sign in on this browser
  "/api/auth/logout",
  "/api/auth/change-password",
]);
const TRPC_WHILE_TEMPORARY = new Set(["users.changePassword"]);

export function allowedWhileTemporary(path: string): boolean {
  if (!path.startsWith("/trpc/")) return WHILE_TEMPORARY.has(path);
  // One call or a batch ("/trpc/a,b"): every call in it must be one of them.
  return path
    .slice("/trpc/".length)
    .split(",")
    .every((name) => TRPC_WHILE_TEMPORARY.has(name));
}

const doc = restArea({ tag: "Sign-in", access: "public" });

export function authRest(deps: AppDeps) {
  const { auth, env } = deps;
  return (
    new Elysia()
      // Signed out, anyone may post here: a few hundred bytes is all sign-in needs.
      .use(jsonBodies({ max: PUBLIC_BODY_MAX_BYTES }))
      .get(
        "/api/auth/config",
        ({ request }): AuthConfig => ({
          mode: env.AUTH_MODE,
          appEnv: env.APP_ENV,
          entra: env.entra
            ? {
                clientId: env.entra.clientId,
                authority: env.entra.authority,
                accountUrl: "https://myaccount.microsoft.com/",
              }
            : null,
          directory: {
            graphBaseUrl: env.GRAPH_BASE_URL,
            companyDomains: env.COMPANY_DOMAINS,
            companyKeyword: env.COMPANY_KEYWORD ?? "",
          },
          me: meOf(requestState(request).user),
        }),
        {
          detail: doc({
            summary: "Sign-in mode, Entra client settings, and who is signed in (me: null when nobody)",
            returns: "{ mode, appEnv, entra, directory, me }",
          }),
        },
      )
      .post(
        "/api/auth/login",
        async ({ request, body, set }) => {
          const input = jsonBody(loginInput, body);
          const { ip } = requestState(request);
          const result = await auth.login(input, { ip, userAgent: request.headers.get("user-agent") });
          set.headers["set-cookie"] = sessionCookie(
            result.token,
            result.expiresAt,
            cookieReach(request, env),
          );
          return toMe(result.identity);
        },
        {
          detail: doc({
            summary: "Sign in with a local account (sets the session cookie)",
            body: loginInput,
            returns: "{ email, name, role, isSuperOwner, mustChangePassword }",
            errors: [401, 413, 429],
          }),
        },
      )
      .post(
        "/api/auth/logout",
        async ({ request, set }) => {
          await auth.logout(requestState(request).user);
          set.headers["set-cookie"] = clearedSessionCookie(cookieReach(request, env));
          return { ok: true };
        },
        { detail: doc({ summary: "End the session", returns: "{ ok: true }" }) },
      )
      .get("/api/auth/me", ({ request }): Me => toMe(requireUser(request)), {
        detail: doc({
          summary: "The signed-in person",
          access: "signed-in",
          returns: "{ email, name, role, isSuperOwner, mustChangePassword }",
        }),
      })
  );
}

const meOf = (user: Parameters<typeof toMe>[0] | null) => (user ? toMe(user) : null);

function toMe(identity: Identity): Me {
  return {
    email: identity.email,
    name: identity.name,
    role: identity.role,
    isSuperOwner: identity.isSuperOwner,
    mustChangePassword: !!identity.mustChangePassword,
  };
}
