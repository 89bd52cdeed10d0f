import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chatHistory } from "@server/db/schema";
import type { Admission } from "@server/lib/fair-gate";
import { count } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { indexPages } from "../helpers/chat";

/**
 * Built-in answers share the CPU: ANSWERS_AT_ONCE compute at a time, the rest wait their turn round-robin by
 * person (stop still works while waiting), a full queue answers 503 with Retry-After, and each person's
 * questions are limited per minute (429 with Retry-After). Invented material: a made-up company's field guide.
 */
const DB = "fieldguide.db";
const PAGES = [
  "Kestrel Ridge Drilling keeps every auger flight in the north shed. Flights are oiled after each job.",
  "Crews of Kestrel Ridge Drilling log soil colour with the chart in the blue binder, never from memory.",
];
let t: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp({ ANSWERS_AT_ONCE: "1", ANSWERS_QUEUE_MAX: "4", RATE_QUESTIONS_PER_MIN: "20" });
  await indexPages(t.deps.db, DB, "Field guide.pdf", PAGES);
  for (const who of [DEMO.user, DEMO.admin, DEMO.owner]) cookies[who] = await t.login(who);
});
afterAll(() => t.close());

const gate = () => t.deps.limits.answers;
const ask = (who: string, query: string, signal?: AbortSignal) =>
  t.request("/api/question", {
    method: "POST",
    cookie: cookies[who],
    json: { query, db: DB, use_cache: false },
    signal,
  });
/** Hold the only place, as a long answer of someone else would. */
const holdPlace = (): Promise<Admission> => gate().acquire("someone.busy@geolabs.example");
/** Resolves once `n` questions wait for a place. */
async function waitingReaches(n: number) {
  const deadline = Date.now() + 5000;
  while (gate().stats().waiting !== n) {
    if (Date.now() > deadline) throw new Error(`waiting stayed ${gate().stats().waiting}, wanted ${n}`);
    await Bun.sleep(5);
  }
}

describe("answers take their turn", () => {
  test("while the places are taken a question waits, and is answered once one frees", async () => {
    const held = await holdPlace();
    const pending = ask(DEMO.user, "Where are the auger flights kept?");
    await waitingReaches(1);
    held.release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { answer: string }).answer).toContain("north shed");
    expect(gate().stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  test("round-robin by person: one person's batch delays another's single question by at most one", async () => {
    const held = await holdPlace();
    const done: string[] = [];
    const track = (label: string, who: string) =>
      ask(who, "How do crews log soil colour?").then((r) => {
        expect(r.status).toBe(200);
        done.push(label);
      });
    const batch = [track("a1", DEMO.user), track("a2", DEMO.user), track("a3", DEMO.user)];
    await waitingReaches(3);
    const single = track("b1", DEMO.admin);
    await waitingReaches(4);
    held.release();
    await Promise.all([...batch, single]);
    expect(done.indexOf("b1")).toBeLessThanOrEqual(1);
    expect(done).toHaveLength(4);
  });

  test("a question stopped while it waits leaves the queue and is not saved", async () => {
    const before = (await t.deps.db.select({ n: count() }).from(chatHistory))[0]!.n;
    const held = await holdPlace();
    const stop = new AbortController();
    const pending = ask(DEMO.owner, "Where are the auger flights kept?", stop.signal).catch((e) => e);
    await waitingReaches(1);
    stop.abort();
    await pending;
    await waitingReaches(0);
    held.release();
    expect((await t.deps.db.select({ n: count() }).from(chatHistory))[0]!.n).toBe(before);
  });

  test("past the queue's bound a question is refused at once with 503, a sentence and Retry-After", async () => {
    const held = await holdPlace();
    const waiting = [1, 2, 3, 4].map(() => ask(DEMO.user, "Where are the auger flights kept?"));
    await waitingReaches(4);
    const refused = await ask(DEMO.admin, "Where are the auger flights kept?");
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "Many questions are being answered right now. Please ask again in a few seconds.",
    );
    held.release();
    for (const res of await Promise.all(waiting)) expect(res.status).toBe(200);
  });
});

describe("each person's questions per minute", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ RATE_QUESTIONS_PER_MIN: "2" });
    await indexPages(limited.deps.db, DB, "Field guide.pdf", PAGES);
  });
  afterAll(() => limited.close());

  test("past the rate: 429 with Retry-After on both answer paths; another person is not held back", async () => {
    const user = await limited.login(DEMO.user);
    const question = (path: string, cookie: string) =>
      limited.request(path, {
        method: "POST",
        cookie,
        json:
          path === "/api/question"
            ? { query: "Where are the auger flights kept?", db: DB }
            : {
                db: DB,
                messages: [{ role: "user", parts: [{ type: "text", text: "Where are flights kept?" }] }],
              },
      });
    expect((await question("/api/question", user)).status).toBe(200);
    expect((await question("/api/chat", user)).status).toBe(200);
    for (const path of ["/api/question", "/api/chat"]) {
      const res = await question(path, user);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await res.json()) as { error: string }).error).toStartWith("You sent more questions than");
    }
    expect((await question("/api/question", await limited.login(DEMO.admin))).status).toBe(200);
  });
});
