import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CHAT_TEXTS, type QuestionAnswer } from "@shared/chat";
import { REPORTS_DB } from "@shared/reports";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { indexPages } from "../helpers/chat";
import { textPdf } from "../helpers/pdfs";
import { bulkIndex } from "../helpers/reports";

/**
 * Ask AI on project reports (issue 55): a question naming a project is answered from that project's report, whose
 * name is only in its file name and on its title page; a question scoped to a work order searches all of its
 * reports; title lines are quoted only when they state what was asked; a two-part question answers each part or
 * says which one the documents do not answer. Invented reports and guides only.
 */
let t: TestApp;
let cookie = "";

const GREENHOUSE = "5102-03.Makana Ridge Greenhouse.pdf";
const GREENHOUSE_PAGES = [
  [
    "Geotechnical Engineering Exploration",
    "MAKANA RIDGE GREENHOUSE, W.O. 5102-03",
    "Kula, Maui, Hawaii",
    "Prepared for",
    "Lanakila Farms Cooperative",
    "March 2026",
  ].join("\n"),
  [
    "Site Conditions",
    "Three borings were drilled with a track-mounted rig to depths of 31.5 feet below the existing grade.",
    "The borings encountered stiff clayey silt over weathered basalt.",
  ].join("\n"),
];
/** Another project's report, with sentences that sound like the question's. */
const PUMP_STATION = "5107-11.Halewai Pump Station.pdf";
const PUMP_STATION_PAGES = [
  [
    "Halewai Pump Station",
    "This report was prepared to support the design of the pump station and a small greenhouse on the ridge.",
    "The pump building may be supported on spread footings bearing on medium dense sand.",
  ].join("\n"),
  [
    "Field Exploration",
    "Two borings were drilled to depths of 16.5 feet below the existing grade near the wet well.",
  ].join("\n"),
];

async function ask(query: string, extra: Record<string, unknown> = {}) {
  const res = await t.request("/api/question", {
    method: "POST",
    cookie,
    json: { query, db: REPORTS_DB, use_cache: false, ...extra },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as QuestionAnswer;
}

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.login(DEMO.admin);
  cookie = await t.login(DEMO.user);
  const r = await bulkIndex(t, admin, [
    { name: GREENHOUSE, content: await textPdf(GREENHOUSE_PAGES) },
    { name: PUMP_STATION, content: await textPdf(PUMP_STATION_PAGES) },
  ]);
  expect(r.body).toMatchObject({ indexed: 2, failed: 0 });
  await indexPages(t.deps.db, "yard.db", "Yard Guide.pdf", [
    "Eyewash Stations\nThe eyewash station in the core shed is flushed every week by the lab lead.",
    "Hard Hats\nHard hats are supplied by the company at no cost to field staff.",
  ]);
});
afterAll(() => t?.close());

describe("a question naming a project's report", () => {
  test("is answered from that report's title page, not from another project's similar sentence", async () => {
    const a = await ask("Who was the Makana Ridge Greenhouse report prepared for?");
    expect(a.answer).toContain("Prepared for Lanakila Farms Cooperative");
    expect(a.answer).toContain(`[${GREENHOUSE} p. 1]`);
    // The title page's statement answers "who": not a partial answer.
    expect(a.answer).not.toContain(CHAT_TEXTS.partialSupport);
    expect(a.answer).not.toContain(PUMP_STATION);
    expect(a.sources.map((s) => s.file)).toEqual([GREENHOUSE]);
  });

  test("scoped to its work order, the question searches the work order's reports and finds it", async () => {
    const a = await ask("Who was the report prepared for?", { work_order: "5102-03" });
    expect(a.answer).not.toContain(CHAT_TEXTS.notFound("Reports"));
    expect(a.answer).toContain("Prepared for Lanakila Farms Cooperative");
    expect(a.answer).toContain(`[${GREENHOUSE} p. 1]`);
    // The other work order's report is not asked.
    const other = await ask("Who was the report prepared for?", { work_order: "5107-11" });
    expect(other.answer).not.toContain(GREENHOUSE);
  });

  test("a title line is not quoted for a question it does not answer; the sentence with the depth is", async () => {
    const a = await ask("How deep were the borings at Makana Ridge Greenhouse?");
    expect(a.answer).toContain("31.5 feet");
    expect(a.answer).toContain(`[${GREENHOUSE} p. 2]`);
    expect(a.answer).not.toContain("W.O. 5102-03");
    expect(a.answer).not.toContain("Prepared for");
    expect(a.answer).not.toContain(PUMP_STATION);
  });
});

describe("a two-part question", () => {
  const askYard = async (query: string) => {
    const res = await t.request("/api/question", {
      method: "POST",
      cookie,
      json: { query, db: "yard.db", use_cache: false },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as QuestionAnswer).answer;
  };

  test("answers both parts when the documents answer both", async () => {
    const answer = await askYard("How often is the eyewash station flushed, and who supplies hard hats?");
    expect(answer).toContain("flushed every week");
    expect(answer).toContain("supplied by the company");
    expect(answer).not.toContain(CHAT_TEXTS.partNotAnswered);
  });

  test("says which part the documents do not answer, and answers the other", async () => {
    const answer = await askYard("How often is the eyewash station flushed, and who pays for my rain gear?");
    expect(answer).toContain("flushed every week");
    expect(answer).toContain(CHAT_TEXTS.partialSupport);
    // The unanswered part is named, with the sentence saying the documents do not answer it.
    expect(answer).toMatch(/\*\*Who pays for my rain gear\?\*\*\nThe documents do not answer this part\./);
    expect(answer).not.toContain("supplied by the company");
  });
});

describe("the Web toggle without an AI service", () => {
  test("is not offered, and an answer asked with it names no setting", async () => {
    const { data } = await trpcCall(t, cookie, "chat.dbs");
    expect(data).toMatchObject({ webKnowledge: false });
    const a = await ask("How deep were the borings at Makana Ridge Greenhouse?", { use_web: true });
    expect(a.answer).toContain("31.5 feet");
    expect(a.answer).not.toMatch(/AI_[A-Z_]+/);
  });
});

describe("Chat History of a database where the person has not asked yet", () => {
  test("names the databases holding their questions; nobody else's count", async () => {
    const owner = await t.login(DEMO.owner);
    const history = async (who: string, db: string) =>
      (await trpcCall(t, who, "chat.history", { db })).data as {
        entries: unknown[];
        elsewhere: { db: string; label: string; count: number }[];
      };
    // The owner has asked nothing anywhere: plainly no questions (the user's questions are not theirs).
    expect((await history(owner, REPORTS_DB)).elsewhere).toEqual([]);
    const res = await t.request("/api/question", {
      method: "POST",
      cookie: owner,
      json: { query: "How often is the eyewash station flushed?", db: "yard.db" },
    });
    expect(res.status).toBe(200);
    const here = await history(owner, REPORTS_DB);
    expect(here.entries).toEqual([]);
    expect(here.elsewhere).toEqual([{ db: "yard.db", label: expect.any(String), count: 1 }]);
    // Where they have asked, the entries, and nothing pointed elsewhere.
    const there = await history(owner, "yard.db");
    expect(there.entries).toHaveLength(1);
    expect(there.elsewhere).toEqual([]);
  });
});

describe("history of a question asked of one work order's reports", () => {
  test("asking it of all reports keeps both entries, the scoped one marked; each is deleted on its own", async () => {
    const admin = await t.login(DEMO.admin);
    const q = "Who was the report prepared for?";
    const askAs = (extra: Record<string, unknown>) =>
      t.request("/api/question", {
        method: "POST",
        cookie: admin,
        json: { query: q, db: REPORTS_DB, ...extra },
      });
    expect((await askAs({ work_order: "5102-03" })).status).toBe(200);
    expect((await askAs({})).status).toBe(200);
    const entries = async () =>
      (
        (await trpcCall(t, admin, "chat.history", { db: REPORTS_DB })).data as {
          entries: { question: string; workOrder: string | null }[];
        }
      ).entries;
    expect(await entries()).toEqual([
      expect.objectContaining({ question: q, workOrder: null }),
      expect.objectContaining({ question: q, workOrder: "5102-03" }),
    ]);
    // Asking the scoped question again moves its own entry up; the other stays.
    expect((await askAs({ work_order: "5102-03" })).status).toBe(200);
    expect((await entries()).map((e) => e.workOrder)).toEqual(["5102-03", null]);
    const removed = await t.request("/api/delete-history", {
      method: "DELETE",
      cookie: admin,
      json: { db: REPORTS_DB, question: q, work_order: "5102-03" },
    });
    expect(await removed.json()).toEqual({ deleted: 1 });
    expect(await entries()).toEqual([expect.objectContaining({ question: q, workOrder: null })]);
  });
});
