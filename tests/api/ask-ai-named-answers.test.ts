/**
 * Answers that are a name, a form or a number: "who is the safety officer" is answered by the one chunk that
 * names the person, though many chunks share the question's words more often.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { matchExpression } from "@server/ai/fts-query";
import { ftsChunkIds, retrieve, searchTerms } from "@server/ai/retrieval";
import { startTestApp, type TestApp } from "../helpers/app";
import { indexOneChunkPerPage } from "../helpers/chat";

let t: TestApp;
let collectionId = 0;
const duty = (i: number) =>
  `The Safety Officer reviews site plan ${i}. The Safety Officer signs the plan, and the Safety Officer keeps it.`;
const NAMED =
  "Responsibilities of the staff are listed in this manual for every office and every site, with their phone " +
  "extensions and the documents each of them keeps up to date through the year. Safety Officer: Kalani " +
  "Medeiros, ext. 214. Maintains this manual and approves site-specific plans for field crews on every island.";
const TEXTS = [...Array.from({ length: 8 }, (_, i) => duty(i)), NAMED];

beforeAll(async () => {
  t = await startTestApp();
  collectionId = await indexOneChunkPerPage(t.deps.db, "named.db", "Safety.pdf", TEXTS);
});
afterAll(() => t?.close());

test("the chunk naming the person comes among the passages, though full text ranks it below the others", async () => {
  const question = "who is the safety officer";
  const namedPage = TEXTS.length;
  const pages = async (q: string) =>
    (await retrieve(t.deps.db, [collectionId], q, { limit: 3 })).passages.map((p) => p.pages[0]!.page);
  // Full text alone ranks the named chunk (the last one stored, the highest id) below the first three.
  const { terms } = await searchTerms(t.deps.db, question);
  const byText = await ftsChunkIds(t.deps.db, [collectionId], matchExpression(terms)!, 20);
  expect(byText.indexOf(Math.max(...byText))).toBeGreaterThanOrEqual(3);
  expect(await pages(question)).toContain(namedPage);
  // "Who gets …" asks for a group, not a name: no reordering.
  expect(await pages("who gets the site plan")).not.toContain(namedPage);
});
