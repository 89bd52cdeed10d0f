/**
 * Words written together or apart: a question's "closeout" finds the documents' "close-out" (the index holds
 * "close" and "out" side by side), and a question's "water" is held by the documents' "groundwater".
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { composeExtractiveAnswer } from "@server/ai/extractive";
import { matchExpression } from "@server/ai/fts-query";
import { ftsChunkIds, searchTerms } from "@server/ai/retrieval";
import { compoundParts } from "@server/ai/wordnet";
import { isRefusal } from "@shared/chat";
import { startTestApp, type TestApp } from "../helpers/app";
import { indexOneChunkPerPage } from "../helpers/chat";

let t: TestApp;
let collectionId = 0;
const TEXTS = [
  "The PM completes Form PM-7A, Project Close-Out Checklist, and submits it to the Controller.",
  "Trailers towed by company trucks shall not exceed 7,000 lb. gross weight.",
  "Vacation requests go to the supervisor two weeks ahead.",
  "Staff not able to attend take vacation on Friday.",
];

beforeAll(async () => {
  t = await startTestApp();
  collectionId = await indexOneChunkPerPage(t.deps.db, "words.db", "Manual.pdf", TEXTS);
});
afterAll(() => t?.close());

test("a word the index never saw, written as two words it holds side by side, is searched as that phrase", async () => {
  const { terms, corrections } = await searchTerms(t.deps.db, "what form is the closeout checklist");
  expect(corrections).toContainEqual(["closeout", "close out"]);
  const ids = await ftsChunkIds(t.deps.db, [collectionId], matchExpression(terms)!, 3);
  expect(ids.length).toBeGreaterThan(0);
  // Two words that never stand side by side are not read into it ("vacationtruck"); a typo is corrected, not
  // split ("vacaton" is no "vacat on"); a word of its own is no function word plus a word ("notable").
  const typed = async (q: string) => (await searchTerms(t.deps.db, q)).corrections.map(([, to]) => to);
  expect(await typed("vacationtruck")).not.toContain("vacation truck");
  expect(await typed("vacaton")).toEqual(["vacat"]);
  expect(await typed("notable")).not.toContain("not able");
});

test("a closed compound holds its last word: 'groundwater' answers a question about the water level", () => {
  expect(compoundParts("groundwater")).toEqual(["ground", "water"]);
  expect(compoundParts("borehole")).toEqual(["bore", "hole"]);
  expect(compoundParts("reports")).toBeNull();
  expect(compoundParts("password")).toEqual(["pass", "word"]);
  expect(compoundParts("parking")).toBeNull();
  const page = "The depth to groundwater shall be recorded at least 24 hours after completion of drilling.";
  const a = composeExtractiveAnswer({
    question: "how long after drilling do we check the water level",
    pages: [{ n: 1, file: "SOP.pdf", page: 4, text: page }],
    dbLabel: "Field",
    useWeb: false,
    terms: [
      { stems: ["drill"], weight: 2 },
      { stems: ["water"], weight: 3 },
      { stems: ["level"], weight: 2 },
    ],
  });
  expect(isRefusal(a)).toBe(false);
  expect(a).toContain("24 hours after completion");
});
