import { afterAll, beforeAll, expect, test } from "bun:test";
import { FULL_QUERY_ROWS, retrieve } from "@server/ai/retrieval";
import { chunkPages } from "@server/domains/documents/pipeline/chunk";
import { createCollection, insertDocument } from "@server/domains/documents/pipeline/store-rows";
import { startTestApp, type TestApp } from "../helpers/app";

/**
 * A large index: the question's words are in more chunks than a full OR query may rank (FULL_QUERY_ROWS), so
 * retrieval takes the two-stage plan (newest chunks holding the rarest terms, scored in memory). The one chunk
 * holding the rare words together must still come first, and another collection's chunk never.
 */
let t: TestApp;
const COMMON = "The soil boring log records sample depth and foundation bearing for the site.";
let ids: { own: number; other: number };

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "false" });
  const db = t.deps.db;
  const make = (name: string) =>
    db.transaction((tx) => createCollection(tx, { name, title: name, mode: "default", user: "test" }));
  const own = await make("big.db");
  const other = await make("other.db");
  ids = { own: own.id, other: other.id };
  const add = (collectionId: number, fileName: string, pages: string[]) =>
    db.transaction((tx) =>
      insertDocument(tx, {
        collectionId,
        db: "x.db",
        fileName,
        storageKey: "",
        sha256: Bun.hash(fileName).toString(16).padStart(64, "0"),
        size: 1,
        user: "test",
        pages: pages.map((text) => ({ text, ocr: false })),
        chunks: chunkPages(pages),
      }),
    );
  // About 7,000 chunks that all hold the common words.
  for (let d = 0; d < 280; d++)
    await add(
      own.id,
      `log-${d}.pdf`,
      Array.from({ length: 25 }, () => COMMON.repeat(16)),
    );
  await add(own.id, "pile.pdf", [`${COMMON} The test pile met refusal on basalt at 40 ft.`]);
  // The same rare words in another collection, newer: never retrieved for this one.
  await add(other.id, "elsewhere.pdf", ["The pile met refusal on basalt at 12 ft."]);
}, 120_000);
afterAll(() => t.close());

test("the two-stage plan finds the one chunk holding the rare words, in the asked collection only", async () => {
  const question = "At what depth did the pile meet refusal on basalt in the soil boring?";
  const timings: Record<string, number> = {};
  const r = await retrieve(t.deps.db, [ids.own], question, { timings });
  const rows = r.terms.reduce((n, term) => n + (term.df ?? 0), 0);
  expect(rows).toBeGreaterThan(FULL_QUERY_ROWS);
  expect(r.passages[0]?.file).toBe("pile.pdf");
  expect(r.passages.some((p) => p.file === "elsewhere.pdf")).toBe(false);
});
