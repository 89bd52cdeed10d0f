import { describe, expect, test } from "bun:test";
import { createClient } from "@libsql/client";
import { composeExtractiveAnswer } from "@server/ai/extractive";
import { matchExpression, queryTerms } from "@server/ai/fts-query";
import { createLocalModel } from "@server/ai/local-model";
import { splitByPage } from "@server/ai/page-split";
import { systemPrompt } from "@server/ai/prompt";
import { rerank } from "@server/ai/rerank";
import { blocks, splitSentences } from "@server/ai/sentences";
import { reciprocalRankFusion } from "@server/ai/vector-search";
import { citedSources, toChatSources } from "@server/domains/chat/ask";
import { cacheKey, normaliseQuestion } from "@server/domains/chat/cache";
import { CITATION_PATTERN, historyPreview, prettifyDbName, SUGGESTED_QUESTIONS } from "@shared/chat";
import { streamText } from "ai";

describe("FTS5 query from what someone typed", () => {
  const hostile = [
    'W.O. 1234-56A "boring"?',
    "NEAR(a b) AND OR NOT *",
    'he said "hello',
    "col:value ^start -minus +plus",
    "((()))",
    "",
    "what is the",
    "🙂—…",
  ];
  test("every query is valid FTS5 (run against a real table)", async () => {
    const c = createClient({ url: ":memory:" });
    await c.execute("CREATE VIRTUAL TABLE f USING fts5(t, tokenize='porter unicode61 remove_diacritics 2')");
    await c.execute("INSERT INTO f(t) VALUES ('Work order 1234-56A covers the boring near the road')");
    for (const q of hostile) {
      const match = matchExpression(queryTerms(q));
      if (match) await c.execute({ sql: "SELECT rowid FROM f WHERE f MATCH ?", args: [match] });
    }
    const wo = matchExpression(queryTerms("W.O. 1234-56A"))!;
    expect(wo).toContain('"1234 56a"');
    const rows = await c.execute({ sql: "SELECT rowid FROM f WHERE f MATCH ?", args: [wo] });
    expect(rows.rows.length).toBe(1);
  });

  test("stop words and operator words are dropped; every other word is a quoted term", () => {
    expect(queryTerms("What is the NEAR AND OR NOT of it?").map((t) => t.words.join(" "))).toEqual(["near"]);
    expect(queryTerms("can I work from home").map((t) => t.fts)).toEqual(['"work"', '"home"']);
  });
});

describe("sentences and pages", () => {
  test("PDF lines are joined back; a list stays whole with its lead-in; headers and footers go", () => {
    const page =
      "SHARE PLAN\n5. Share Value\nThe value is set once a year by an independent\nappraisal firm.\nRecent values per share:\n- December 31, 2024: $44.75\n- December 31, 2025: $48.20\nShare values can go down as well as up.\nGeolabs, Inc. · Share Plan · Page 5 of 9";
    expect(blocks(page).map((b) => b.heading)).toEqual([
      "5. Share Value",
      "5. Share Value",
      "5. Share Value",
    ]);
    expect(splitSentences(page).map((s) => s.text)).toEqual([
      "The value is set once a year by an independent appraisal firm.",
      // The list whole, as printed (for "list the values"), and each item on its own (for one of them).
      "Recent values per share: - December 31, 2024: $44.75 - December 31, 2025: $48.20",
      "December 31, 2024: $44.75",
      "December 31, 2025: $48.20",
      "Share values can go down as well as up.",
    ]);
  });

  test("a chunk over a page break is split back into its pages", () => {
    const pages = [
      { page: 4, text: "Intro. The tail of page four." },
      { page: 5, text: "Head of page five. More." },
    ];
    expect(splitByPage("The tail of page four.\n\nHead of page five.", 4, pages)).toEqual([
      { page: 4, text: "The tail of page four." },
      { page: 5, text: "Head of page five." },
    ]);
  });

  test("in-memory BM25 (the second stage in a large index) ranks rare terms and more matches first", () => {
    const terms = queryTerms("vesting schedule for RSUs").map((t) => ({
      ...t,
      df: t.words[0] === "schedule" ? 5000 : 50,
    }));
    const order = rerank(
      [
        { id: 1, text: "The schedule of the crew is set each Friday." },
        { id: 2, text: "RSUs vest over 4 years on a fixed vesting schedule." },
        { id: 3, text: "Vesting of restricted stock units." },
        { id: 4, text: "Nothing relevant here." },
      ],
      terms,
      100_000,
    );
    expect(order).toEqual([2, 3, 1]);
  });

  test("reciprocal rank fusion favours what both rankings put high", () => {
    expect(
      reciprocalRankFusion([
        [1, 2, 3],
        [3, 1, 4],
      ])[0],
    ).toBe(1);
  });
});

describe("the built-in answer model", () => {
  const passages = [
    {
      n: 1,
      chunkId: 1,
      documentId: 1,
      file: "Handbook.pdf",
      storageKey: "h/Handbook.pdf",
      pages: [
        {
          page: 9,
          text: "Annual Leave\nUp to 10 days of unused annual leave carry over into the next year.",
        },
      ],
    },
  ];
  const opts = { dbLabel: "Employee Handbook", useWeb: false };

  test("quotes the best sentence with its citation, labelled as extracted, streamed in pieces", async () => {
    const result = streamText({
      model: createLocalModel(),
      system: systemPrompt(passages, opts),
      prompt: "How much unused annual leave carries over?",
      providerOptions: { geolabs: opts },
    });
    const pieces: string[] = [];
    for await (const p of result.textStream) pieces.push(p);
    const text = pieces.join("");
    expect(pieces.length).toBeGreaterThan(10);
    expect(text).toContain(
      "Up to 10 days of unused annual leave carry over into the next year. [Handbook.pdf p. 9]",
    );
    expect(text).toContain("Extracted answer");
  });

  test("says nothing was found rather than quoting something unrelated; marks general knowledge", () => {
    const pages = [{ n: 1, file: "Handbook.pdf", page: 9, text: passages[0]!.pages[0]!.text }];
    const a = composeExtractiveAnswer({
      question: "Who won the football match?",
      pages,
      ...opts,
      useWeb: true,
    });
    expect(a).toContain("The documents in Employee Handbook don't say.");
    expect(a).toContain("**General knowledge (not from the documents):**");
  });

  test("a completed word (4+ letters) matches as a word's beginning, a shorter one only as a whole word", () => {
    const pages = [
      {
        n: 1,
        file: "Field.pdf",
        page: 2,
        text: "Drillers log every borehole before backfilling it with grout.",
      },
      {
        n: 2,
        file: "Field.pdf",
        page: 3,
        text: "Samples are logged by the site geologist at the end of each day.",
      },
    ];
    const ask = (stems: string[]) =>
      composeExtractiveAnswer({ question: "?", pages, ...opts, terms: [{ stems, weight: 1 }] });
    // "boreh" (a typo read as the indexed stem's beginning) finds "borehole"; "backf" finds "backfilling".
    expect(ask(["boreh", "backf"])).toContain(
      "Drillers log every borehole before backfilling it with grout.",
    );
    // "geo" is shorter than 4 letters: "geologist" does not hold it, so nothing is quoted.
    expect(ask(["geo"])).toContain("The documents in Employee Handbook don't say.");
    expect(ask(["geologist"])).toContain("Samples are logged by the site geologist");
  });
});

describe("sources shown under an answer", () => {
  const sourceOf = (...texts: string[]) =>
    toChatSources(
      [
        {
          n: 1,
          chunkId: 1,
          documentId: 1,
          file: "F.pdf",
          storageKey: "k",
          pages: texts.map((text, i) => ({ page: i + 1, text })),
        },
      ],
      "d.db",
    )[0]!;
  test("the snippet is the passage's first 280 characters with white space collapsed, however spaced out", () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`);
    const plain = words.join(" \n  ");
    expect(sourceOf(plain, "next page").snippet).toBe(words.join(" ").slice(0, 280));
    // Mostly white space: the collapsed start of the passage is shorter than a snippet.
    const airy = words.join(" ".repeat(40));
    expect(sourceOf(airy).snippet).toBe(words.join(" ").slice(0, 280));
    expect(sourceOf("short\n\n text").snippet).toBe("short text");
    expect(sourceOf("a", "b").pages).toEqual([1, 2]);
  });
});

describe("shared rules", () => {
  test("names, previews, citations, cache keys, suggestions", () => {
    expect(prettifyDbName("employee_handbook.db")).toBe("Employee Handbook");
    expect(historyPreview("x".repeat(150))).toBe(`${"x".repeat(100)}…`);
    const m = [..."See [A_B.pdf p. 4] and [A_B.pdf pp. 5–6].".matchAll(CITATION_PATTERN)];
    expect(m.map((x) => [x[1], x[2], x[3]])).toEqual([
      ["A_B.pdf", "4", undefined],
      ["A_B.pdf", "5", "6"],
    ]);
    expect(normaliseQuestion("  How MANY   days?? ")).toBe("how many days");
    const k = { db: "a.db", version: "1", question: "Q?", useWeb: false, model: "m" };
    expect(cacheKey(k)).toBe(cacheKey({ ...k, question: " q " }));
    expect(cacheKey(k)).not.toBe(cacheKey({ ...k, version: "2" }));
    expect(cacheKey(k)).not.toBe(cacheKey({ ...k, useWeb: true }));
    const sources = [{ n: 1, db: "a.db", file: "A_B.pdf", pages: [4], snippet: "" }];
    expect(citedSources("Yes. [A_B.pdf p. 4]", sources)).toEqual(sources);
    expect(Object.values(SUGGESTED_QUESTIONS).map((q) => q.length)).toEqual([11, 7, 7]);
  });
});
