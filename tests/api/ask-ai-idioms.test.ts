/**
 * Phrasal verbs and idioms: "fill out" means complete, "right away" means immediately. A question's idiom that
 * the documents never write is searched as its synonyms they do use, and its words no longer count alone.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { matchExpression } from "@server/ai/fts-query";
import { ftsChunkIds, searchTerms } from "@server/ai/retrieval";
import { idiomsIn } from "@server/ai/wordnet";
import { createCollection, insertDocument } from "@server/domains/documents/pipeline/store-rows";
import { startTestApp, type TestApp } from "../helpers/app";

let t: TestApp;
let collectionId = 0;
const TEXTS = [
  "New staff complete Form HR-9, Emergency Contacts, on their first day.",
  "A broken gauge is replaced immediately from the spare kit in the lab.",
  "The right to refuse unsafe work is described in Section 4.",
  "Laptops are checked out from the IT desk for field work; check out a laptop in person.",
];

beforeAll(async () => {
  t = await startTestApp();
  await t.deps.db.transaction(async (tx) => {
    const c = await createCollection(tx, {
      name: "idioms.db",
      title: "Idioms",
      mode: "default",
      user: "test",
    });
    collectionId = c.id;
    await insertDocument(tx, {
      collectionId: c.id,
      db: "idioms.db",
      fileName: "Handbook.pdf",
      storageKey: "",
      sha256: "sha-idioms",
      size: 1,
      user: "test",
      pages: TEXTS.map((text) => ({ text, ocr: false })),
      chunks: TEXTS.map((text, i) => ({ ordinal: i, firstPage: i + 1, lastPage: i + 1, text })),
    });
  });
});
afterAll(() => t?.close());

test("two words WordNet lists together as a verb or adverb are an idiom; a noun compound is not", () => {
  expect(idiomsIn(["which", "form", "do", "i", "fill", "out"])).toEqual(["fill out"]);
  expect(idiomsIn(["filled", "out"])).toEqual(["fill out"]);
  expect(idiomsIn(["replace", "it", "right", "away"])).toEqual(["right away"]);
  expect(idiomsIn(["health", "insurance"])).toEqual([]);
  // Apart, the words are no idiom.
  expect(idiomsIn(["pay", "it", "back"])).toEqual([]);
});

test("an idiom the documents never write is searched as its synonyms they use; its words stop counting alone", async () => {
  const { terms } = await searchTerms(t.deps.db, "which form do new staff fill out");
  const idiom = terms.find((x) => x.words.join(" ") === "fill out");
  expect(idiom).toBeDefined();
  expect([idiom!.stems, ...(idiom!.alts ?? [])]).toContainEqual(["complet"]);
  expect(terms.some((x) => x.words.length === 1 && x.words[0] === "fill")).toBe(false);
  const [first] = await ftsChunkIds(t.deps.db, [collectionId], matchExpression([idiom!])!, 3);
  expect(first).toBeDefined();

  const away = (await searchTerms(t.deps.db, "is a broken gauge replaced right away")).terms;
  expect(away.some((x) => x.words.join(" ") === "right away")).toBe(true);
  // "right" alone would have matched the sentence about the right to refuse work.
  expect(away.some((x) => x.words.length === 1 && x.words[0] === "right")).toBe(false);
});

test("an idiom the documents write themselves is searched as written", async () => {
  expect(idiomsIn(["check", "out"])).toEqual(["check out"]);
  const { terms } = await searchTerms(t.deps.db, "where do i check out a laptop");
  expect(terms.some((x) => x.words.join(" ") === "check out")).toBe(false);
  expect(terms.some((x) => x.words.length === 1 && x.words[0] === "check")).toBe(true);
});
