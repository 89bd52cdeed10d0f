/**
 * How many chunks hold a word (Ask AI's term weights, docs/decisions/0033-archive-scale.md): exact from the
 * vocabulary for words of fewer than 2,000 chunks; estimated from the index for commoner ones, close to the
 * true count, without reading the word's whole list.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { stem } from "@server/ai/fts-query";
import { indexStats } from "@server/ai/vocabulary";
import { createCollection, insertDocument } from "@server/domains/documents/pipeline/store-rows";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
const CHUNKS = 6000;

beforeAll(async () => {
  t = await startTestApp();
  await t.deps.db.transaction(async (tx) => {
    const c = await createCollection(tx, {
      name: "counts.db",
      title: "Counts",
      mode: "default",
      user: "test",
    });
    // "basalt" in every second chunk (3,000), "tuff" in every 300th (20), "pumice" nowhere.
    for (let d = 0; d < CHUNKS / 100; d++) {
      const chunks = Array.from({ length: 100 }, (_, k) => {
        const i = d * 100 + k;
        const words = ["boring", "sample", i % 2 ? "basalt" : "sand", i % 300 === 0 ? "tuff" : "depth"];
        return { ordinal: k, firstPage: 1, lastPage: 1, text: words.join(" ") };
      });
      await insertDocument(tx, {
        collectionId: c.id,
        db: "counts.db",
        fileName: `doc-${d}.pdf`,
        storageKey: "",
        sha256: `sha-${d}`,
        size: 1,
        user: "test",
        pages: [{ text: "page", ocr: false }],
        chunks,
      });
    }
  });
});
afterAll(() => t?.close());

test("a rare word is counted exactly, a common one within 10% of its true count, a missing one as 0", async () => {
  const stats = await indexStats(t.deps.db, ["tuff", "basalt", "pumice"].map(stem));
  expect(stats.df.get(stem("tuff"))).toBe(20);
  expect(stats.df.get(stem("pumice"))).toBe(0);
  const basalt = stats.df.get(stem("basalt"))!;
  expect(Math.abs(basalt - 3000) / 3000).toBeLessThan(0.1);
  expect(stats.chunks).toBeGreaterThanOrEqual(CHUNKS);
});
