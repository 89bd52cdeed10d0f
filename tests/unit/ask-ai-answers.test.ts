import { describe, expect, test } from "bun:test";
import { answerTypeOf } from "@server/ai/answer-type";
import { composeExtractiveAnswer, type WeightedTerm } from "@server/ai/extractive";
import { splitSentences } from "@server/ai/sentences";
import { isEnglishWord, synonymsOf } from "@server/ai/wordnet";
import { stripRunningLines } from "@server/domains/documents/pipeline/running-lines";
import { isRefusal } from "@shared/chat";

/** What the built-in answer model quotes, and how it reads pages, questions and everyday words. */
const term = (stems: string[], weight: number): WeightedTerm => ({ stems, weight });

describe("pages before they are chunked", () => {
  test("running headers and footers (numbers aside) are removed from every page; the body stays", () => {
    const body = [
      "Scope and purpose.",
      "Trench entry rules.",
      "Heat stress and water.",
      "Reporting injuries.",
    ];
    const pages = body.map((b, i) => `Acme | Field Manual | Rev. 4\n${b}\nManual   Page ${i + 1} of 4`);
    expect(stripRunningLines(pages)).toEqual(body);
    // Two pages are too few to tell a running line from text.
    expect(stripRunningLines(pages.slice(0, 2))).toEqual(pages.slice(0, 2));
  });
});

describe("sentences", () => {
  test("abbreviations and initials do not end a sentence; numbered titles are headings; table rows stand alone", () => {
    const page = [
      "4.2 Trench Entry",
      "Ask the Safety Officer, G. Shimabukuro, before entry, e.g. for trenches approx. 5 feet deep. Rev. 4 of this manual applies to every crew.",
      "On Martin Luther King Jr. Day the office is closed.",
      "Test                      Mass      Days",
      "Proctor compaction        25 kg     5 business days",
      "California Bearing Ratio  50 kg     10 business days",
    ].join("\n");
    const units = splitSentences(page);
    expect(units.map((u) => u.text)).toEqual([
      "Ask the Safety Officer, G. Shimabukuro, before entry, e.g. for trenches approx. 5 feet deep.",
      "Rev. 4 of this manual applies to every crew.",
      "On Martin Luther King Jr. Day the office is closed.",
      // The table's header row is the heading its rows stand under.
      "Proctor compaction 25 kg 5 business days",
      "California Bearing Ratio 50 kg 10 business days",
    ]);
    expect(units[0]!.heading).toBe("4.2 Trench Entry");
    expect(units.at(-2)!.row).toBe(true);
    expect(units.at(-2)!.heading).toContain("Mass");
  });
});

describe("the answer", () => {
  const pages = [
    {
      n: 1,
      file: "Manual.pdf",
      page: 4,
      text: "5.1 Water and Shade\nWater is carried in coolers. When the heat index is 90°F or higher, the supervisor shall",
    },
    {
      n: 1,
      file: "Manual.pdf",
      page: 5,
      text: "provide shaded rest breaks of at least 10 minutes every 2 hours.\nSymptoms of heat exhaustion include dizziness.",
    },
  ];
  const heat = [term(["heat"], 3), term(["index"], 3), term(["rest"], 3), term(["break"], 4)];

  test("leads with the sentence that answers; a sentence over a page break is quoted whole and cited on both pages", () => {
    const a = composeExtractiveAnswer({
      question: "heat index rest breaks?",
      pages,
      dbLabel: "Safety",
      useWeb: false,
      terms: heat,
    });
    expect(a.split("\n")[0]).toBe(
      "- When the heat index is 90°F or higher, the supervisor shall provide shaded rest breaks of at least 10 minutes every 2 hours. [Manual.pdf pp. 4–5]",
    );
    expect(isRefusal(a)).toBe(false);
  });

  test("a question the documents do not answer gets 'don't say', with the nearest passages as related reading", () => {
    const a = composeExtractiveAnswer({
      question: "does the company pay for prescription glasses",
      pages,
      dbLabel: "Safety",
      useWeb: false,
      terms: [term(["prescript"], 0), term(["glass"], 0), term(["heat"], 3)],
    });
    expect(a.startsWith("The documents in Safety don't say.")).toBe(true);
    expect(isRefusal(a)).toBe(true);
    expect(a).toContain("related reading");
  });

  test("a question asking for a figure is not answered by a sentence without one", () => {
    expect(answerTypeOf("how long do we keep the samples")).toBe("quantity");
    expect(answerTypeOf("what are the steps to close a project")).toBe("list");
    const a = composeExtractiveAnswer({
      question: "how many symptoms of heat exhaustion",
      pages: [
        {
          n: 1,
          file: "Manual.pdf",
          page: 5,
          text: "Symptoms of heat exhaustion include dizziness and cramps.",
        },
      ],
      dbLabel: "Safety",
      useWeb: false,
      terms: [term(["symptom"], 3), term(["heat"], 3), term(["exhaust"], 3)],
    });
    expect(isRefusal(a)).toBe(true);
  });
});

describe("everyday words", () => {
  test("WordNet knows English words (not typos) and gives synonyms documents use", () => {
    expect(isEnglishWord("quitting")).toBe(true);
    expect(isEnglishWord("vacaton")).toBe(false);
    expect(synonymsOf("dirt")).toContain("soil");
    expect(synonymsOf("junk")).toContain("debris");
    expect(synonymsOf("quit")).toContain("resign");
  });
});
