import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createGithubSummaryService } from "@server/domains/dashboard/github";
import { createLogger } from "@server/lib/logger";
import { REPO_DISABLED, REPO_ERROR } from "@shared/dashboard";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("dashboard.kpis", () => {
  test("a signed-in User gets four KPIs with seven-day trends", async () => {
    const kpis = await (await callerAs(t, DEMO.user)).dashboard.kpis();
    expect(Object.keys(kpis).sort()).toEqual(["aiAnswersThisWeek", "coreBoxes", "docsIndexed", "openTasks"]);
    for (const k of Object.values(kpis)) expect(k.trend.length).toBe(7);
  });
  test("anonymous callers are refused", async () => {
    await expect((await callerAs(t, null)).dashboard.kpis()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

/** A stand-in for the code host's REST API on loopback; the production service code fetches from it. */
describe("repository summary", () => {
  let calls = 0;
  let healthy = true;
  const gh = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      calls++;
      if (!healthy) return new Response("boom", { status: 502 });
      const path = new URL(req.url).pathname;
      if (path === "/repos/geolabs/portal")
        return Response.json({
          full_name: "geolabs/portal",
          html_url: "https://x/geolabs/portal",
          stargazers_count: 3,
        });
      if (path.endsWith("/commits"))
        return Response.json([
          {
            sha: "abc1234def",
            html_url: "https://x/c/1",
            commit: {
              message: "Add core boxes\n\nlong body",
              author: { name: "Leilani", date: "2026-11-20T10:00:00Z" },
            },
          },
        ]);
      if (path.endsWith("/pulls"))
        return Response.json([
          {
            number: 7,
            title: "Binder export",
            html_url: "https://x/p/7",
            user: { login: "noah" },
            created_at: "2026-11-21T10:00:00Z",
          },
        ]);
      if (path.endsWith("/languages")) return Response.json({ TypeScript: 900, CSS: 100 });
      if (path.endsWith("/releases/latest")) return new Response("{}", { status: 404 });
      return new Response("?", { status: 404 });
    },
  });
  afterAll(() => gh.stop(true));
  const service = (repo?: string) =>
    createGithubSummaryService({
      repo,
      apiUrl: `http://127.0.0.1:${gh.port}`,
      log: createLogger("silent"),
      failureTtlMs: 0,
    });

  test("summarises commits (first line only), open pull requests, languages and a missing release", async () => {
    const r = await service("geolabs/portal").get();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.summary.commits[0]).toMatchObject({
      sha: "abc1234def",
      message: "Add core boxes",
      author: "Leilani",
    });
    expect(r.summary.pulls[0]).toMatchObject({ number: 7, user: "noah" });
    expect(r.summary.languages).toEqual({ TypeScript: 900, CSS: 100 });
    expect(r.summary.release).toBeNull();
  });
  test("answers from cache on the second call", async () => {
    const s = service("geolabs/portal");
    await s.get();
    const before = calls;
    await s.get();
    expect(calls).toBe(before);
  });
  test("an upstream failure becomes the spec's message, not an exception", async () => {
    healthy = false;
    const r = await service("geolabs/portal").get();
    healthy = true;
    expect(r).toEqual({ ok: false, error: REPO_ERROR });
  });
  test("with no repository configured the panel is switched off", async () => {
    expect(await service(undefined).get()).toEqual({ ok: false, error: REPO_DISABLED });
  });
});
