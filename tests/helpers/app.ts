import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "@server/app";
import { DEMO_PASSWORD, seedDemoData } from "@server/compose/seed";
import { createDeps } from "@server/create-deps";
import type { AppDeps } from "@server/deps";
import { loadEnv } from "@server/env";
import { createLogger } from "@server/lib/logger";

export const ORIGIN = "http://portal.test";
export const DEMO = {
  superOwner: "super@geolabs.example",
  owner: "owner@geolabs.example",
  admin: "admin@geolabs.example",
  user: "user@geolabs.example",
} as const;
export { DEMO_PASSWORD };

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  dataDir: string;
  /** app.handle on a path of the test origin; JSON bodies are serialised, same-origin headers added for writes. */
  request(
    path: string,
    init?: RequestInit & { json?: unknown; cookie?: string; ip?: string },
  ): Promise<Response>;
  /** Sign in a seeded account with the demo password and return its session cookie. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A real app on a fresh, migrated libSQL file (seeded with the demo data unless told otherwise) in its own temporary directory. */
export async function startTestApp(
  overrides: Record<string, string> = {},
  extra: Partial<AppDeps> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "geolabs-test-"));
  const env = loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SUPER_OWNER_EMAIL: DEMO.superOwner,
    CLIENT_DIR: join(import.meta.dir, "../../dist/client"),
    // The demo accounts sign the tests in; the product's own default is off.
    SEED_DEMO: "true",
    ...overrides,
  });
  const log = createLogger("silent");
  const deps = await createDeps(env, { log });
  if (env.SEED_DEMO) {
    await seedDemoData(deps.db, {
      log,
      superOwnerEmail: env.SUPER_OWNER_EMAIL,
      coreBoxExpiryMonths: env.CORE_BOX_EXPIRY_MONTHS,
    });
  }
  // The socket peer of each request (requests may run in parallel, each with its own address).
  const peers = new WeakMap<Request, string>();
  const fullDeps: AppDeps = {
    ...deps,
    clientAddress: (request) => peers.get(request) ?? "127.0.0.1",
    ...extra,
  };
  const app = createApp(fullDeps);

  const request: TestApp["request"] = async (path, init = {}) => {
    const { json, cookie, ip, headers: given, ...rest } = init;
    const headers = new Headers(given);
    if (json !== undefined) {
      headers.set("content-type", "application/json");
      rest.body = JSON.stringify(json);
    }
    if (cookie) headers.set("cookie", cookie);
    const req = new Request(`${ORIGIN}${path}`, { ...rest, headers });
    if (ip) peers.set(req, ip);
    return app.handle(req);
  };

  const login: TestApp["login"] = async (email, password = DEMO_PASSWORD) => {
    const res = await request("/api/auth/login", { method: "POST", json: { email, password } });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
    const setCookie = res.headers.get("set-cookie") ?? "";
    return setCookie.split(";")[0]!;
  };

  return {
    app,
    deps: fullDeps,
    dataDir,
    request,
    login,
    async close() {
      await fullDeps.jobs.stop();
      fullDeps.pdf.close();
      await fullDeps.photos.terminate();
      deps.database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Call a tRPC procedure over HTTP the way the browser does (GET for queries, POST for mutations). */
export async function trpcCall(
  t: TestApp,
  cookie: string | undefined,
  path: string,
  input?: unknown,
  kind: "query" | "mutation" = "query",
) {
  const encoded = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res =
    kind === "query"
      ? await t.request(`/trpc/${path}${encoded}`, { cookie })
      : await t.request(`/trpc/${path}`, { method: "POST", json: input ?? null, cookie });
  const body = (await res.json()) as {
    result?: { data: unknown };
    error?: { message: string; data?: { code: string } };
  };
  return { status: res.status, data: body.result?.data, error: body.error };
}
