import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { applyExtras } from "@server/db/extras";
import { changeRecords, chatAnswers, type HistoryKind } from "@server/db/schema";
import { getKpis } from "@server/domains/dashboard/service";
import { DAY_MS, trendWindow } from "@server/lib/activity";
import { createGithubSummaryService } from "@server/lib/github";
import { createLogger } from "@server/lib/logger";
import { operatorIdentity, serviceCtx } from "@server/lib/service-ctx";
import { REPO_DISABLED, REPO_ERROR } from "@shared/dashboard";
import { eq, sql } from "drizzle-orm";
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

  test("answers and box counts land on the right local day, follow deletes, and survive a rebuild of the counters", async () => {
    // A week well after the seed's own activity, so only the rows below fall in it.
    const now = new Date(Date.now() + 60 * DAY_MS);
    const { since, end } = trendWindow(now);
    const at = (day: number, hours = 12) => new Date(since + day * DAY_MS + hours * 3_600_000);
    const answer = (ts: Date) => ({ ts, userEmail: DEMO.user, db: "policies.db" });
    const answers = await t.deps.db
      .insert(chatAnswers)
      .values([
        answer(at(0, 0)),
        answer(at(0, 23.99)),
        answer(at(3)),
        answer(at(6)),
        answer(new Date(since - 1)), // the evening before the window
        answer(new Date(end)), // tomorrow
      ])
      .returning({ id: chatAnswers.id });
    const box = (
      day: number,
      action: "create" | "import" | "restore" | "delete" | "update",
      kind: HistoryKind = "core_box",
    ) => ({
      kind,
      entityId: 1,
      action,
      user: DEMO.admin,
      ts: at(day),
    });
    await t.deps.db.insert(changeRecords).values([
      box(2, "create"),
      box(2, "import"),
      box(5, "delete"),
      box(5, "delete"),
      box(5, "restore"),
      box(4, "update"), // not a count change
      box(4, "create", "reports_binder"), // another history
    ]);

    const check = async () => {
      const kpis = await getKpis({ ...serviceCtx(t.deps, operatorIdentity("test")), now: () => now });
      expect(kpis.aiAnswersThisWeek.trend).toEqual([2, 0, 0, 1, 0, 0, 1]);
      expect(kpis.aiAnswersThisWeek.value).toBe(4);
      const v = kpis.coreBoxes.value;
      // Day 5: two removed, one restored (net -1); day 2: two added.
      expect(kpis.coreBoxes.trend).toEqual([v - 1, v - 1, v + 1, v + 1, v + 1, v, v]);
    };
    await check();

    // The counters are rebuilt from the log and the history exactly as the triggers kept them.
    await t.deps.db.run(sql`DROP TRIGGER activity_core_boxes_ad`);
    await t.deps.db.run(sql`UPDATE activity_counts SET n = n + 100`);
    await applyExtras(t.deps.db);
    await check();

    // Deleting an answer takes it off its day.
    await t.deps.db.delete(chatAnswers).where(eq(chatAnswers.id, answers[2]!.id));
    const after = await getKpis({ ...serviceCtx(t.deps, operatorIdentity("test")), now: () => now });
    expect(after.aiAnswersThisWeek.trend).toEqual([2, 0, 0, 0, 0, 0, 1]);
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
