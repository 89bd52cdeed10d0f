import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startAnswer } from "@server/domains/chat/ask";
import { listHistory } from "@server/domains/chat/service";
import { operatorIdentity, serviceCtx } from "@server/lib/service-ctx";
import { CHAT_MESSAGES, type QuestionAnswer } from "@shared/chat";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { indexPages, POLICY_PAGES } from "../helpers/chat";

/**
 * Ask AI over REST with the built-in answer model: cited answers, the cache and what invalidates it, history
 * that belongs to the signed-in person only, and questions that would break a naive FTS5 query.
 */
let t: TestApp;
const cookie = { user: "", admin: "" };
const DB = "policies.db";

beforeAll(async () => {
  t = await startTestApp();
  await indexPages(t.deps.db, DB, "Policies.pdf", POLICY_PAGES);
  cookie.user = await t.login(DEMO.user);
  cookie.admin = await t.login(DEMO.admin);
});
afterAll(() => t.close());

async function ask(who: keyof typeof cookie, query: string, extra: Record<string, unknown> = {}) {
  const res = await t.request("/api/question", {
    method: "POST",
    cookie: cookie[who],
    json: { query, user: "someone-else@geolabs.example", db: DB, ...extra },
  });
  return { status: res.status, body: (await res.json()) as QuestionAnswer & { error?: string } };
}

describe("POST /api/question", () => {
  test("answers from the documents with a file-and-page citation, then from the cache", async () => {
    const q = "How many vacation days do full-time employees accrue?";
    const first = await ask("user", q);
    expect(first.status).toBe(200);
    expect(first.body.cached).toBe(false);
    expect(first.body.answer).toContain("15 days of vacation");
    expect(first.body.answer).toContain("[Policies.pdf p. 2]");
    expect(first.body.answer).toContain("Extracted answer");
    expect(first.body.sources[0]).toMatchObject({ db: DB, file: "Policies.pdf" });
    expect(first.body.sources[0]!.pages).toContain(2);

    const again = await ask("user", "  how many VACATION days do full-time employees accrue  ");
    expect(again.body).toMatchObject({ cached: true, answer: first.body.answer });
    const fresh = await ask("user", q, { use_cache: false });
    expect(fresh.body.cached).toBe(false);
    const web = await ask("user", q, { use_web: true });
    expect(web.body.cached).toBe(false);
    expect(web.body.answer).toContain("General knowledge (not from the documents)");
  });

  test("adding a document to the collection invalidates its cached answers", async () => {
    const q = "What is the carry over limit for unused vacation?";
    expect((await ask("user", q)).body.cached).toBe(false);
    expect((await ask("user", q)).body.cached).toBe(true);
    await indexPages(t.deps.db, DB, "Memo.pdf", ["Carry over of unused vacation is suspended for 2027."]);
    const after = await ask("user", q);
    expect(after.body.cached).toBe(false);
    expect((await ask("user", q)).body.cached).toBe(true);
  });

  test("says so when nothing relevant is found", async () => {
    const { body } = await ask("user", "Who won the football match?");
    expect(body.answer).toContain("The documents in Policies don't say.");
    expect(body.sources).toEqual([]);
  });

  test("FTS-hostile questions never give a 500", async () => {
    for (const q of [
      'W.O. 1234-56A "boring" program?',
      "NEAR(vacation days) AND OR NOT *",
      "vacation* ^days -carry +over",
      '"""',
      "((((",
      "col:text vacation",
      "🙂 — ; DROP TABLE doc_chunks; --",
    ]) {
      const r = await ask("user", q);
      expect(r.status).toBe(200);
      expect(typeof r.body.answer).toBe("string");
    }
    const wo = await ask("user", "Which work order covers 1234-56A?");
    expect(wo.body.answer).toContain("[Policies.pdf p. 3]");
  });

  test("a clipped word is read as the documents' word it begins", async () => {
    const { body } = await ask("user", "which glas?");
    expect(body.answer).toContain("[Policies.pdf p. 3]");
  });

  test("bad input is a 400 with the spec's messages; an unknown db a 404", async () => {
    expect((await ask("user", "x", { db: "" })).body.error).toBe(CHAT_MESSAGES.selectDb);
    expect((await ask("user", "   ")).status).toBe(400);
    const missing = await ask("user", "x", { db: "nope.db" });
    expect(missing.status).toBe(404);
    const anon = await t.request("/api/question", { method: "POST", json: { query: "x", db: DB } });
    expect(anon.status).toBe(401);
  });
});

describe("an asker who leaves", () => {
  test("while the answer waits its turn: it stops there, nothing is saved", async () => {
    const ctx = serviceCtx(t.deps, operatorIdentity("left-early@geolabs.example"));
    const left = new AbortController();
    const pending = startAnswer(ctx, {
      question: "How many vacation days do full-time employees accrue?",
      db: DB,
      useWeb: false,
      useCache: false,
      signal: left.signal,
    });
    left.abort();
    await expect(pending).rejects.toThrow(CHAT_MESSAGES.stopped);
    expect(await listHistory(ctx, { db: DB })).toEqual([]);
  });
});

describe("history", () => {
  test("is the signed-in person's own: the user field never selects another's", async () => {
    const q = "What are the core hours?";
    await ask("admin", q);
    const history = async (who: keyof typeof cookie) => {
      const res = await t.request(`/api/chat_history?user=${DEMO.admin}&db=${DB}`, { cookie: cookie[who] });
      return (await res.json()) as { question: string; answer: string }[];
    };
    expect((await history("admin")).map((h) => h.question)).toContain(q);
    // Allowed: the admin's own. Denied: the user asking with user=admin sees only their own entries.
    expect((await history("user")).map((h) => h.question)).not.toContain(q);

    const del = (who: keyof typeof cookie) =>
      t.request("/api/delete-history", {
        method: "DELETE",
        cookie: cookie[who],
        json: { user: DEMO.admin, db: DB, question: q },
      });
    expect((await del("user")).status).toBe(404);
    expect((await history("admin")).map((h) => h.question)).toContain(q);
    expect((await del("admin")).status).toBe(200);
    expect((await history("admin")).map((h) => h.question)).not.toContain(q);
  });

  test("feedback is stored for admins; the weekly count ignores deleted history", async () => {
    await ask("user", "What boots are required at drilling sites?");
    const { data } = await trpcCall(t, cookie.user, "chat.history", { db: DB });
    const entry = (data as { entries: { id: number; question: string }[] }).entries[0]!;
    const rate = await trpcCall(
      t,
      cookie.user,
      "chat.feedback",
      { id: entry.id, rating: "down" },
      "mutation",
    );
    expect(rate.status).toBe(200);
    const other = await trpcCall(
      t,
      cookie.admin,
      "chat.feedback",
      { id: entry.id, rating: "up" },
      "mutation",
    );
    expect(other.status).toBe(404);
    expect((await trpcCall(t, cookie.user, "chat.feedbackList")).status).toBe(403);
    const review = await trpcCall(t, cookie.admin, "chat.feedbackList");
    const rows = (review.data as { entries: { question: string; rating: string }[] }).entries;
    expect(rows[0]).toMatchObject({ question: entry.question, rating: "down" });

    const kpis = await trpcCall(t, cookie.user, "dashboard.kpis");
    const before = (kpis.data as { aiAnswersThisWeek: { value: number } }).aiAnswersThisWeek.value;
    expect(before).toBeGreaterThan(5);
    await trpcCall(t, cookie.user, "chat.deleteHistory", { db: DB, question: entry.question }, "mutation");
    const after = await trpcCall(t, cookie.user, "dashboard.kpis");
    expect((after.data as { aiAnswersThisWeek: { value: number } }).aiAnswersThisWeek.value).toBe(before);
  });

  test("no database chosen: the spec's alert, word for word, through either door", async () => {
    const rest = async (path: string, init: Parameters<TestApp["request"]>[1]) => {
      const res = await t.request(path, { cookie: cookie.user, ...init });
      return { status: res.status, error: ((await res.json()) as { error?: string }).error };
    };
    const alert = { status: 400, error: CHAT_MESSAGES.selectDb };
    expect(await rest("/api/chat_history?user=x", {})).toEqual(alert);
    expect(await rest("/api/chat_history?db=%20", {})).toEqual(alert);
    expect(await rest("/api/delete-history", { method: "DELETE", json: { question: "" } })).toEqual(alert);
    const trpc = async (path: string, input: unknown, kind?: "mutation") => {
      const r = await trpcCall(t, cookie.user, path, input, kind);
      return { status: r.status, error: r.error?.message };
    };
    expect(await trpc("chat.history", { db: "" })).toEqual(alert);
    expect(await trpc("chat.deleteHistory", { question: "" }, "mutation")).toEqual(alert);
    // Any other field is still named by the shared schema, the same on both doors.
    const named = await trpc("chat.deleteHistory", { db: DB, question: "" }, "mutation");
    expect(named).toEqual(
      await rest("/api/delete-history", { method: "DELETE", json: { db: DB, question: "" } }),
    );
    expect(named.error).toBe("question is required.");
  });
});

describe("an original moved or renamed in the S3 Uploader", () => {
  test("carries its answers along: history cites the new name and links to it; no cached answer cites the old", async () => {
    const db = "moves.db";
    await indexPages(t.deps.db, db, "Old_Policy.pdf", [
      "Drill rigs are inspected every 30 days by the yard supervisor before they leave the yard.",
    ]);
    await t.deps.store.put(`${db}/Old_Policy.pdf`, new TextEncoder().encode("%PDF-1.7\n%%EOF\n"));
    const q = "How often are drill rigs inspected?";
    const first = await ask("user", q, { db });
    expect(first.body.answer).toContain("[Old_Policy.pdf p. 1]");
    expect((await ask("user", q, { db })).body.cached).toBe(true);

    const move = await t.request("/api/s3/move", {
      method: "POST",
      cookie: cookie.admin,
      json: { src_key: `${db}/Old_Policy.pdf`, dst_key: `${db}/Rig_Policy.pdf` },
    });
    expect(move.status).toBe(200);

    const { data } = await trpcCall(t, cookie.user, "chat.history", { db });
    const { entries } = data as { entries: { answer: string; sources: { file: string }[] }[] };
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(e.answer).toContain("[Rig_Policy.pdf p. 1]");
      expect(e.answer).not.toContain("Old_Policy.pdf");
      expect(e.sources.map((s) => s.file)).toEqual(["Rig_Policy.pdf"]);
    }
    const links = await trpcCall(t, cookie.user, "chat.sourceLinks", { db, files: ["Rig_Policy.pdf"] });
    expect(Object.keys((links.data as { links: Record<string, string> }).links)).toEqual(["Rig_Policy.pdf"]);
    const again = await ask("user", q, { db });
    expect(again.body.cached).toBe(false);
    expect(again.body.answer).toContain("[Rig_Policy.pdf p. 1]");
  });
});
