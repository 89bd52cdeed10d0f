import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { retrieve } from "../src/server/ai/retrieval";
import { createApp } from "../src/server/app";
import { seedDemoData } from "../src/server/compose/seed";
import { createDeps } from "../src/server/create-deps";
import { DEMO_DOCUMENTS } from "../src/server/domains/documents/demo";
import { loadEnv } from "../src/server/env";
import { createLogger } from "../src/server/lib/logger";
import { indexDemoDocuments } from "../tests/helpers/chat";
import { EVAL_QUESTIONS } from "./ask-ai-eval/questions";
import { seedSyntheticChunks } from "./ask-ai-load";
import { type Figure, firstTokenMs, LIFTED_RATES, percentile } from "./lib";

/**
 * Ask AI: (1) the first streamed token with the built-in model on the demo collections, from the request to
 * the first text delta of POST /api/chat over loopback (no cache); (2) retrieval (full text, typo check,
 * passages with their page texts) over a collection of 200,000 synthetic chunks.
 */
export async function askAiBench(): Promise<Figure[]> {
  const figures: Figure[] = [];
  figures.push(...(await firstToken()));
  figures.push(...(await retrievalAtScale()));
  return figures;
}

async function withDeps<T>(fn: (deps: Awaited<ReturnType<typeof createDeps>>) => Promise<T>) {
  const dataDir = mkdtempSync(join(tmpdir(), "geolabs-bench-ai-"));
  const log = createLogger("silent");
  const deps = await createDeps(loadEnv({ ...LIFTED_RATES, DATA_DIR: dataDir, LOG_LEVEL: "silent" }), {
    log,
  });
  try {
    return await fn(deps);
  } finally {
    await deps.jobs.stop();
    deps.pdf.close();
    await deps.photos.terminate();
    deps.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function firstToken(): Promise<Figure[]> {
  return withDeps(async (deps) => {
    await seedDemoData(deps.db, { log: deps.log, superOwnerEmail: undefined, coreBoxExpiryMonths: 24 });
    await indexDemoDocuments(deps);
    const app = createApp(deps);
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (r) => app.handle(r) });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "user@geolabs.example", password: "geolabs-demo" }),
      });
      const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
      const ask = (db: string, text: string) => firstTokenMs(base, cookie, db, text);
      for (const q of EVAL_QUESTIONS.slice(0, 5)) await ask(q.db, q.q);
      const samples: number[] = [];
      for (const q of EVAL_QUESTIONS) samples.push(await ask(q.db, q.q));
      const pages = DEMO_DOCUMENTS.reduce((n, d) => n + d.pages.length, 0);
      return [
        {
          name: `First streamed token, built-in model, demo collections (${pages} pages), p95 of ${samples.length}`,
          value: percentile(samples, 95),
          unit: "ms",
          target: 150,
          better: "lower",
        },
        {
          name: "First streamed token p50",
          value: percentile(samples, 50),
          unit: "ms",
          target: 150,
          better: "lower",
        },
      ] satisfies Figure[];
    } finally {
      server.stop(true);
    }
  });
}

async function retrievalAtScale(): Promise<Figure[]> {
  return withDeps(async (deps) => {
    const t0 = performance.now();
    const { collectionId, chunks } = await seedSyntheticChunks(deps.db, 200_000);
    console.log(`  seeded ${chunks} synthetic chunks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const questions = EVAL_QUESTIONS.map((q) => q.q);
    const c0 = performance.now();
    await retrieve(deps.db, [collectionId], questions[0]!);
    const coldMs = performance.now() - c0;
    // Steady state: one round first fills the per-prefix typo lists (the cold figure is reported below).
    for (const q of questions) await retrieve(deps.db, [collectionId], q);
    const samples: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (const q of questions) {
        const s = performance.now();
        const r = await retrieve(deps.db, [collectionId], q);
        samples.push(performance.now() - s);
        if (!r.passages.length) throw new Error(`no passages for ${q}`);
      }
    }
    return [
      {
        name: `Retrieval over ${chunks.toLocaleString("en-US")} chunks p95 (${samples.length} questions)`,
        value: percentile(samples, 95),
        unit: "ms",
        target: 50,
        better: "lower",
      },
      { name: "Retrieval p50", value: percentile(samples, 50), unit: "ms", target: 50, better: "lower" },
      {
        name: "Retrieval, first question after the index changed (cold caches)",
        value: coldMs,
        unit: "ms",
        target: Number.POSITIVE_INFINITY,
        better: "lower",
      },
    ] satisfies Figure[];
  });
}
