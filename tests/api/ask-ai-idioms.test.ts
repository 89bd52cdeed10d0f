/**
 * Phrasal verbs and idioms: "call off" means cancel, "put off" means postpone. A question's idiom that the
 * documents never write is searched as the synonyms of its first sense that they use, and its words no longer
 * count alone.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { matchExpression } from "@server/ai/fts-query";
import { ftsChunkIds, searchTerms } from "@server/ai/retrieval";
import { idiomsIn } from "@server/ai/wordnet";
import { startTestApp, type TestApp } from "../helpers/app";
import { indexOneChunkPerPage } from "../helpers/chat";

let t: TestApp;
let collectionId = 0;
const TEXTS = [
  "A site visit is cancelled when lightning is seen within 10 miles of the site.",
  "Calibration of a balance may be postponed by up to 30 days with the lab manager's approval.",
  "Field crews set up traffic cones around the rig before drilling starts.",
  "A call from the client is logged in the project file on the same day.",
];

beforeAll(async () => {
  t = await startTestApp();
  collectionId = await indexOneChunkPerPage(t.deps.db, "idioms.db", "Handbook.pdf", TEXTS);
});
afterAll(() => t?.close());

test("two words side by side that WordNet lists as a verb or adverb are an idiom; a noun compound is not", () => {
  const lemmas = (q: string) => idiomsIn(q).map((i) => i.lemma);
  expect(idiomsIn("when is a site visit called off")).toEqual([
    { lemma: "call off", typed: ["called", "off"] },
  ]);
  expect(lemmas("can calibration be put off")).toEqual(["put off"]);
  // "time off" is a noun in WordNet: its words mean what they say.
  expect(lemmas("how much time off do i get")).toEqual([]);
  // Punctuation between the words, or a word between them, parts them.
  expect(lemmas("who do i call? off site crews")).toEqual([]);
  expect(lemmas("put the cones off the road")).toEqual([]);
  // Each idiom once, and a few at most, however long the question.
  expect(idiomsIn("put off ".repeat(500))).toHaveLength(1);
  expect(idiomsIn("put off, call off, look up, set up, sort out").length).toBeLessThanOrEqual(3);
});

test("an idiom the documents never write is searched as its synonyms they use; its words stop counting alone", async () => {
  const { terms } = await searchTerms(t.deps.db, "when is a site visit called off");
  const idiom = terms.find((x) => x.words.join(" ") === "call off");
  expect(idiom).toBeDefined();
  expect([idiom!.stems, ...(idiom!.alts ?? [])]).toContainEqual(["cancel"]);
  // "called" would have matched the sentence about a call from the client.
  expect(terms.some((x) => x.words.length === 1 && x.words[0] === "called")).toBe(false);
  const [first] = await ftsChunkIds(t.deps.db, [collectionId], matchExpression(terms)!, 3);
  expect(first).toBeDefined();

  const later = (await searchTerms(t.deps.db, "can a balance calibration be put off")).terms;
  const putOff = later.find((x) => x.words.join(" ") === "put off");
  expect([putOff!.stems, ...(putOff!.alts ?? [])]).toContainEqual(["postpon"]);
});

test("an idiom the documents write themselves is searched as written", async () => {
  expect(idiomsIn("who sets up the traffic cones").map((i) => i.lemma)).toEqual(["set up"]);
  const { terms } = await searchTerms(t.deps.db, "who sets up the traffic cones");
  expect(terms.some((x) => x.words.join(" ") === "set up")).toBe(false);
  expect(terms.some((x) => x.words.join(" ") === "traffic")).toBe(true);
});
