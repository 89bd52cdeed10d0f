import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { jobs } from "@server/db/schema";
import { createLogger } from "@server/lib/logger";
import { inArray } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";

const TOKEN = "scrape-token-0123456789";
const lines: Record<string, unknown>[] = [];
let t: TestApp;
let breakStore = false;
/**
 * The request log line and the metrics are written just after the response is handed back (metrics first, in the
 * same call: app.ts logRequest): wait for the log lines of these request ids.
 */
async function logged(...reqIds: string[]) {
  const deadline = performance.now() + 5_000;
  const missing = () => reqIds.filter((id) => !lines.some((l) => l.msg === "request" && l.reqId === id));
  while (missing().length) {
    if (performance.now() > deadline) throw new Error(`no request log line for ${missing().join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const cookies: Record<string, string> = {};

beforeAll(async () => {
  const log = createLogger("info", {}, (line) => lines.push(JSON.parse(line)));
  t = await startTestApp({ METRICS_TOKEN: TOKEN }, { log });
  // A store that breaks in an unexpected way: the generic 500 path, its log line and its counter.
  const list = t.deps.store.list.bind(t.deps.store);
  t.deps.store.list = async (opts) => {
    if (breakStore) throw new Error("boom /secret/x.ts:1");
    return list(opts);
  };
  for (const [k, email] of Object.entries({ user: DEMO.user, admin: DEMO.admin, owner: DEMO.owner })) {
    cookies[k] = await t.login(email);
  }
  cookies.super = await t.login(DEMO.superOwner);
});
afterAll(() => t.close());

/** A request that meets the broken store (an unexpected error), with its own request id. */
async function withBrokenStore(path: string, reqId: string) {
  breakStore = true;
  const res = await t.request(path, { cookie: cookies.user, headers: { "x-request-id": reqId } });
  breakStore = false;
  await logged(reqId);
  return res;
}

const scrape = (init: { cookie?: string; headers?: Record<string, string> } = {}) =>
  t.request("/api/metrics", init);

describe("GET /api/metrics: who may read it", () => {
  test("allowed: Owners, the super-owner, and a scraper with METRICS_TOKEN (no session)", async () => {
    for (const res of [
      await scrape({ cookie: cookies.owner }),
      await scrape({ cookie: cookies.super }),
      await scrape({ headers: { authorization: `Bearer ${TOKEN}` } }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    }
  });
  test("denied: signed out or a wrong token 401; User and Admin 403", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape({ headers: { authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    expect((await scrape({ headers: { authorization: TOKEN } })).status).toBe(401);
    expect((await scrape({ cookie: cookies.user })).status).toBe(403);
    expect((await scrape({ cookie: cookies.admin })).status).toBe(403);
    const admin = await scrape({
      cookie: cookies.admin,
      headers: { authorization: "Bearer nope-nope-nope-nope" },
    });
    expect(admin.status).toBe(403);
  });
  test("without METRICS_TOKEN configured, no bearer token opens it", async () => {
    const other = await startTestApp({ SEED_DEMO: "false" });
    try {
      const res = await other.request("/api/metrics", { headers: { authorization: "Bearer undefined" } });
      expect(res.status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe("the exposition", () => {
  test("requests and latency histograms per route pattern and status class, in valid text format", async () => {
    const paths = [
      "/api/core-boxes/999999",
      "/api/core-boxes/123456",
      "/trpc/dashboard.kpis",
      "/api/zz-scanner-probe-8841",
    ];
    for (const [i, path] of paths.entries()) {
      await t.request(path, { cookie: cookies.user, headers: { "x-request-id": `req-expo-${i}` } });
    }
    await logged(...paths.map((_, i) => `req-expo-${i}`));
    const text = await (await scrape({ cookie: cookies.owner })).text();
    for (const line of text.trim().split("\n")) {
      if (line.startsWith("#")) expect(line).toMatch(/^# (HELP|TYPE) [a-z_]+ .+/);
      else expect(line).toMatch(/^[a-z_:]+(\{[^}]*\})? -?(\d+(\.\d+)?(e[+-]?\d+)?|\+Inf)$/);
    }
    const byId = 'method="GET",route="/api/core-boxes/:id",status="4xx"';
    expect(text).toContain(`portal_http_requests_total{${byId}} 2`);
    expect(text).toContain(`portal_http_request_duration_seconds_bucket{${byId},le="+Inf"} 2`);
    expect(text).toContain(`portal_http_request_duration_seconds_count{${byId}} 2`);
    expect(text).toContain('route="/trpc/dashboard.kpis",status="2xx"');
    expect(text).toContain('route="/api/*",status="4xx"');
    expect(text).not.toContain("zz-scanner-probe"); // raw paths never become labels
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    // Buckets are cumulative.
    const buckets = [
      ...text.matchAll(new RegExp(`_bucket\\{${byId.replace(/[()*/]/g, "\\$&")},le="[^"]+"\\} (\\d+)`, "g")),
    ];
    const counts = buckets.map((m) => Number(m[1]));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });
  test("an unexpected failure: 500 without internals, counted, logged with the request id", async () => {
    const res = await withBrokenStore("/api/s3/files", "req-boom-1");
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("req-boom-1");
    expect(await res.text()).not.toMatch(/boom|secret|\.ts/);
    const logged = lines.find((l) => l.msg === "unhandled error" && l.reqId === "req-boom-1");
    expect(logged).toBeDefined();
    const text = await (await scrape({ cookie: cookies.owner })).text();
    expect(text).toContain('portal_http_server_errors_total{method="GET",route="/api/s3/files"} 1');
    expect(text).toMatch(/^portal_unhandled_errors_total 1$/m);
  });
  test("a tRPC procedure's unexpected failure is counted too, and logged with the request id", async () => {
    const before = Number(
      /^portal_unhandled_errors_total (\d+)$/m.exec(
        await (await scrape({ cookie: cookies.owner })).text(),
      )![1],
    );
    const res = await withBrokenStore("/trpc/storage.list", "req-trpc-boom");
    expect(res.status).toBe(500);
    expect(await res.text()).not.toMatch(/boom|secret|\.ts/);
    expect(lines.find((l) => l.msg === "trpc procedure failed" && l.reqId === "req-trpc-boom")).toBeDefined();
    const text = await (await scrape({ cookie: cookies.owner })).text();
    expect(text).toMatch(new RegExp(`^portal_unhandled_errors_total ${before + 1}$`, "m"));
  });
  test("job counts by status follow the jobs table", async () => {
    const counts = async () => {
      const text = await (await scrape({ cookie: cookies.owner })).text();
      expect(text).toContain("# TYPE portal_jobs gauge");
      const n = (status: string) =>
        Number(new RegExp(`^portal_jobs\\{status="${status}"\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
      return { queued: n("queued"), failed: n("failed") };
    };
    const before = await counts();
    const now = Date.now();
    await t.deps.db.insert(jobs).values([
      { kind: "refresh-embeddings", payload: {}, status: "queued", createdAt: now, updatedAt: now },
      { kind: "refresh-embeddings", payload: {}, status: "queued", createdAt: now, updatedAt: now },
      { kind: "refresh-embeddings", payload: {}, status: "failed", createdAt: now, updatedAt: now },
    ]);
    expect(await counts()).toEqual({ queued: before.queued + 2, failed: before.failed + 1 });
    await t.deps.db.delete(jobs).where(inArray(jobs.status, ["queued"]));
    expect((await counts()).queued).toBe(0);
  });
});

describe("structured logs", () => {
  test("every request (answered or refused) is one JSON line carrying the request id", async () => {
    await t.request("/api/auth/me", { cookie: cookies.user, headers: { "x-request-id": "req-log-42" } });
    await t.request("/api/auth/me", { headers: { "x-request-id": "req-log-43" } });
    await logged("req-log-42", "req-log-43");
    const ok = lines.find((l) => l.reqId === "req-log-42");
    expect(ok).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/api/auth/me",
      status: 200,
    });
    expect(ok!.user).toBe(DEMO.user);
    expect(typeof ok!.ms).toBe("number");
    expect(typeof ok!.time).toBe("string");
    expect(lines.find((l) => l.reqId === "req-log-43")).toMatchObject({ status: 401 });
  });
  test("without an incoming id the server makes one and returns it", async () => {
    const res = await t.request("/api/health");
    const id = res.headers.get("x-request-id")!;
    await logged(id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((l) => l.reqId === id)).toMatchObject({ path: "/api/health", status: 200 });
  });
});
