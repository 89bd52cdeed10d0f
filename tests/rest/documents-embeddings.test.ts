import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { docChunkEmbeddings } from "@server/db/schema";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { postJson, processFile } from "../helpers/documents";
import { textPdf } from "../helpers/pdfs";

/** A tiny OpenAI-compatible /v1/embeddings server on loopback: 8-dimensional vectors from the text's letters. */
const requests: { model: string; inputs: number; auth: string | null }[] = [];
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(req) {
    if (new URL(req.url).pathname !== "/v1/embeddings") return new Response("not found", { status: 404 });
    const body = (await req.json()) as { model: string; input: string[] };
    requests.push({ model: body.model, inputs: body.input.length, auth: req.headers.get("authorization") });
    const data = body.input.map((text, index) => ({
      object: "embedding",
      index,
      embedding: Array.from({ length: 8 }, (_, d) => (text.charCodeAt(d % text.length) % 17) / 17),
    }));
    return Response.json({
      object: "list",
      data,
      model: body.model,
      usage: { prompt_tokens: 1, total_tokens: 1 },
    });
  },
});

let t: TestApp;
let admin: string;
const longPage = (n: number) =>
  Array.from({ length: 30 }, (_, i) => `Section ${n}.${i}: contributions are matched at fifty percent.`).join(
    " ",
  );

beforeAll(async () => {
  t = await startTestApp({
    EMBEDDINGS_BASE_URL: `http://127.0.0.1:${server.port}/v1`,
    EMBEDDINGS_MODEL: "tiny-embed",
    EMBEDDINGS_API_KEY: "sk-test",
    EMBEDDINGS_BATCH: "3",
  });
  admin = await t.login(DEMO.admin);
});
afterAll(async () => {
  await t.close();
  server.stop(true);
});

describe("embeddings through an OpenAI-compatible endpoint", () => {
  test("with a model configured the Index Manager offers Refresh embeddings; without one it does not", async () => {
    expect(await (await callerAs(t, DEMO.admin)).documents.features()).toEqual({ embeddings: true });
    const plain = await startTestApp();
    try {
      expect(await (await callerAs(plain, DEMO.admin)).documents.features()).toEqual({ embeddings: false });
    } finally {
      await plain.close();
    }
  });

  test("indexing computes a vector per chunk, in batches of EMBEDDINGS_BATCH", async () => {
    const r = await processFile(
      t,
      admin,
      { db_name: "vectors.db", action: "new" },
      {
        name: "plan.pdf",
        content: await textPdf([longPage(1), longPage(2)].map((p) => p.match(/.{1,90}(\s|$)/g)!.join("\n"))),
      },
    );
    expect(r.status).toBe(200);
    const chunks = Number(r.body.steps!.find((s) => s.startsWith("Split into"))!.match(/\d+/)![0]);
    expect(chunks).toBeGreaterThan(3);
    expect(r.body.steps!.at(-1)).toBe(`Computed embeddings for ${chunks} chunk(s) with tiny-embed.`);
    const rows = await t.deps.db.select().from(docChunkEmbeddings);
    expect(rows.length).toBe(chunks);
    expect(
      rows.every((row) => row.dims === 8 && row.vector.byteLength === 32 && row.model === "tiny-embed"),
    ).toBe(true);
    expect(
      requests.every((q) => q.inputs <= 3 && q.model === "tiny-embed" && q.auth === "Bearer sk-test"),
    ).toBe(true);
    expect(requests.length).toBe(Math.ceil(chunks / 3));
  });

  test("Refresh embeddings recomputes the whole database (Admin), refused for User", async () => {
    requests.length = 0;
    expect(
      (await postJson(t, await t.login(DEMO.user), "/api/refresh-embeddings", { db_name: "vectors.db" }))
        .status,
    ).toBe(403);
    const { steps } = await (await callerAs(t, DEMO.admin)).documents.refreshEmbeddings({
      db_name: "vectors.db",
    });
    const chunks = (await t.deps.db.select().from(docChunkEmbeddings)).length;
    expect(steps.at(-1)).toBe(`Refreshed embeddings for ${chunks} chunk(s) in vectors.db.`);
    expect(requests.reduce((n, q) => n + q.inputs, 0)).toBe(chunks);
  });

  test("a failing endpoint leaves the document indexed for full-text search, with a step saying so", async () => {
    server.reload({ fetch: () => new Response("overloaded", { status: 500 }) });
    const r = await processFile(
      t,
      admin,
      { db_name: "vectors.db" },
      { name: "more.pdf", content: await textPdf(["Another page about matching contributions."]) },
    );
    expect(r.status).toBe(200);
    expect(r.body.steps!.at(-2)).toBe("Indexed more.pdf in vectors.db: 1 page(s), 1 chunk(s).");
    expect(r.body.steps!.at(-1)).toMatch(/^Embeddings not computed \(.+\); full-text search still works\.$/);
  });
});
