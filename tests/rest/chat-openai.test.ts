import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createAnswerModel } from "@server/ai/providers";
import { retrieve } from "@server/ai/retrieval";
import { chatHistory, docChunks } from "@server/db/schema";
import { requireTarget } from "@server/domains/chat/targets";
import { embeddingsConfig, embedTexts, writeEmbeddings } from "@server/domains/documents/pipeline/embeddings";
import { createQueryEmbedder } from "@server/domains/documents/service";
import { createLogger } from "@server/lib/logger";
import { eq } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { indexPages, POLICY_PAGES, readUiStream } from "../helpers/chat";
import { type FakeOpenAi, startFakeOpenAi } from "../helpers/fake-openai";

/**
 * The production OpenAI-compatible path (createOpenAI(...).chat(model) through streamText) against a loopback
 * server: streamed answers with citations, a failing endpoint (502, clear message), a hanging one (504 after
 * the configured wait, no hung request), an abort mid-stream (generation stops, nothing saved), and hybrid
 * retrieval with the question embedded by the same kind of endpoint.
 */
let t: TestApp;
let fake: FakeOpenAi;
let cookie = "";
const DB = "policies.db";

const useModel = (model: string, idleSeconds = 1) => {
  const env = { ...t.deps.env, AI_MODEL: model, AI_IDLE_TIMEOUT_S: idleSeconds };
  t.deps.ai = { ...t.deps.ai, answer: createAnswerModel(env) };
};

const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  fake = startFakeOpenAi({ slowMs: 150 });
  t = await startTestApp(
    {
      SEED_DEMO: "true",
      AI_BASE_URL: fake.baseURL,
      AI_MODEL: "geo-chat",
      AI_IDLE_TIMEOUT_S: "1",
      AI_TIMEOUT_S: "5",
    },
    { log: createLogger("warn", {}, (line) => logLines.push(JSON.parse(line))) },
  );
  await indexPages(t.deps.db, DB, "Policies.pdf", POLICY_PAGES);
  cookie = await t.login(DEMO.user);
});
afterAll(async () => {
  await t.close();
  fake.stop();
});

const question = (query: string) =>
  t.request("/api/question", { method: "POST", cookie, json: { query, db: DB, use_cache: false } });
const chat = (text: string, signal?: AbortSignal) =>
  t.request("/api/chat", {
    method: "POST",
    cookie,
    signal,
    json: { db: DB, use_cache: false, messages: [{ role: "user", parts: [{ type: "text", text }] }] },
  });

describe("OpenAI-compatible chat endpoint", () => {
  test("the screen offers the Web toggle: the AI service can add general knowledge", async () => {
    const { data } = await trpcCall(t, cookie, "chat.dbs");
    expect(data).toMatchObject({ webKnowledge: true });
  });

  test("streams the answer through the UI message stream, with the sources in the prompt and the metadata", async () => {
    useModel("geo-chat");
    const res = await chat("How many vacation days do full-time employees accrue?");
    expect(res.status).toBe(200);
    const { parts, text } = await readUiStream(res);
    expect(text).toBe("The documents answer this directly. [Policies.pdf p. 1]");
    expect(parts.filter((p) => p.type === "text-delta").length).toBeGreaterThan(3);
    const meta = parts.find((p) => p.type === "message-metadata")?.messageMetadata;
    expect(meta?.historyId).toBeGreaterThan(0);
    const sent = fake.chats.at(-1)!;
    expect(sent).toMatchObject({ model: "geo-chat", stream: true });
    expect(sent.messages[0]!.content).toContain('<source n="1" file="Policies.pdf">');
    expect(sent.messages[0]!.content).toContain("15 days of vacation");
    expect(sent.messages.at(-1)!.content).toContain("vacation days");
  });

  test("the prompt carries the passages and the rules; a refusal comes back as a refusal, citing nothing", async () => {
    useModel("refuse");
    const res = await question("Are the steel-toed boots dyed orange?");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { answer: string; sources: unknown[] };
    expect(body.answer).toBe("The documents in Policies don't say.");
    expect(body.sources).toEqual([]);
    const system = fake.chats.at(-1)!.messages[0]!.content;
    expect(system).toContain("Answer only from the passages in <sources> below");
    expect(system).toMatch(
      /Cite each claim with its file and page in square brackets, exactly as in the source, like \[Policies\.pdf p\. \d+\]/,
    );
    expect(system).toContain(
      'If the passages do not answer the question, say exactly: "The documents in Policies don\'t say."',
    );
    expect(system).toContain('<source n="1" file="Policies.pdf">');
    const [saved] = await t.deps.db.select().from(chatHistory).where(eq(chatHistory.answer, body.answer));
    expect(JSON.parse(String(saved?.sources))).toEqual([]);
  });

  test("a failing endpoint is a 502 naming the HTTP status, retried once", async () => {
    // Long enough a wait for the one retry (the SDK waits 2 s before it).
    useModel("fail", 5);
    const before = fake.chats.length;
    const res = await t.request("/api/question", {
      method: "POST",
      cookie,
      headers: { "x-request-id": "req-ask-502" },
      json: { query: "What are the core hours?", db: DB, use_cache: false },
    });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: string }).error).toContain("HTTP 500");
    expect(fake.chats.length - before).toBe(2);
    // The warning names the request, so a person's report (X-Request-Id) finds it.
    expect(logLines.find((l) => l.msg === "answer failed")).toMatchObject({
      reqId: "req-ask-502",
      status: 502,
    });
  });

  test("a hanging endpoint is a 504 after the configured wait, and the call to it is cut", async () => {
    useModel("hang");
    const aborted = fake.aborted;
    const started = performance.now();
    const res = await question("What are the core hours?");
    expect(res.status).toBe(504);
    expect(((await res.json()) as { error: string }).error).toContain("did not answer within 1 s");
    expect(performance.now() - started).toBeLessThan(4000);
    await fake.abortedPast(aborted); // the call to the model is cut, not left hanging
    // In the stream: an error part with the same message, not a hung response.
    const { parts } = await readUiStream(await chat("What are the core hours?"));
    expect(parts.find((p) => p.type === "error")?.errorText).toContain("did not answer");
  });

  test("closing the request mid-stream stops generation and saves nothing", async () => {
    useModel("slow");
    const q = "What is required at every drilling site?";
    const controller = new AbortController();
    const aborted = fake.aborted;
    const res = await chat(q, controller.signal);
    const { parts } = await readUiStream(res, (ps) => {
      const n = ps.filter((p) => p.type === "text-delta").length;
      if (n >= 2) controller.abort();
      return n >= 2;
    });
    expect(parts.filter((p) => p.type === "text-delta").length).toBe(2);
    await fake.abortedPast(aborted); // generation stopped: the call to the model is cut
    // Saves take turns in one write queue: once a later answer of the same person is in the history, a save of
    // the abandoned one would be there too.
    useModel("geo-chat");
    const later = "Who answers the phones on Fridays?";
    expect((await readUiStream(await chat(later))).text).not.toBe("");
    const history = await t.deps.db.select().from(chatHistory).where(eq(chatHistory.userEmail, DEMO.user));
    expect(history.map((h) => h.question)).toContain(later);
    expect(history.map((h) => h.question)).not.toContain(q);
  });
});

describe("hybrid retrieval with an embeddings endpoint", () => {
  test("fuses vector and full-text rankings; a failing endpoint falls back to full-text", async () => {
    const env = { ...t.deps.env, EMBEDDINGS_BASE_URL: fake.baseURL, EMBEDDINGS_MODEL: "geo-embed" };
    const cfg = embeddingsConfig(env)!;
    const target = await requireTarget(t.deps.db, DB);
    const chunks = await t.deps.db
      .select()
      .from(docChunks)
      .where(eq(docChunks.collectionId, target.collectionIds[0]!));
    const vectors = await embedTexts(
      cfg,
      chunks.map((c) => c.text),
    );
    await writeEmbeddings(
      t.deps.db,
      cfg,
      chunks.map((c, i) => ({ chunkId: c.id, collectionId: c.collectionId, vector: vectors[i]! })),
    );

    const embed = createQueryEmbedder(env)!;
    const hybrid = await retrieve(t.deps.db, target.collectionIds, "steel-toed boots drilling", { embed });
    expect(hybrid.mode).toBe("hybrid");
    expect(hybrid.passages[0]!.pages.map((p) => p.page)).toContain(3);
    expect(fake.embeddings.at(-1)!.input).toEqual(["steel-toed boots drilling"]);

    const failing = createQueryEmbedder({ ...env, EMBEDDINGS_MODEL: "fail" })!;
    const fallback = await retrieve(t.deps.db, target.collectionIds, "steel-toed boots drilling", {
      embed: failing,
    });
    expect(fallback.mode).toBe("fts");
    expect(fallback.passages.length).toBeGreaterThan(0);
  });
});
