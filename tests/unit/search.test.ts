import { describe, expect, test } from "bun:test";
import {
  linkParts,
  markWords,
  SEARCH_EMPTY,
  SEARCH_TOO_LONG,
  SEARCH_TOO_SHORT,
  type SearchResult,
  searchInput,
} from "@shared/search";
import { suggestionsFor } from "@/components/header-search-suggestions";

const result: SearchResult = {
  q: "binder",
  total: 3,
  capped: false,
  groups: [
    {
      kind: "work_orders",
      label: "Work orders",
      count: 2,
      capped: false,
      more: "/work-orders?q=binder",
      hits: [
        { key: "a", title: "7391-01", detail: "Zorvath", snippet: [], link: "/work-orders/7391-01" },
        { key: "b", title: "7391-02(A)", detail: "Zorvath", snippet: [], link: "/work-orders/7391-02A" },
      ],
    },
    {
      kind: "tickets",
      label: "IT tickets",
      count: 50,
      capped: true,
      more: "/it-tickets?q=binder",
      hits: [
        { key: "t", title: "#4 Binder clip", detail: "Open", snippet: [], link: "/it-tickets?ticket=4" },
      ],
    },
  ],
};

describe("the header's offers with the search's results", () => {
  test("the screen named so first, then each group under its heading and count, See all results last", () => {
    const offers = suggestionsFor("binder", false, result);
    expect(offers[0]).toMatchObject({ kind: "screen", label: "Reports Binder", heading: "Tools" });
    const results = offers.filter((o) => o.kind === "result");
    expect(results.map((o) => [o.label, o.heading ?? null])).toEqual([
      ["7391-01", "Work orders · 2"],
      ["7391-02(A)", null],
      ["#4 Binder clip", "IT tickets · 50+"],
    ]);
    expect(results[2]!.to).toEqual({ to: "/it-tickets", search: { ticket: "4" } });
    expect(offers.at(-1)).toMatchObject({
      kind: "search",
      label: "See all results for “binder”",
      to: { to: "/search", search: { q: "binder" } },
    });
  });

  test("a typed work order's page comes first and is not offered twice", () => {
    const offers = suggestionsFor("7391-01", false, result);
    expect(offers[0]).toMatchObject({ kind: "work-order", to: { to: "/work-orders/7391-01" } });
    expect(offers.filter((o) => o.to.to === "/work-orders/7391-01")).toHaveLength(1);
  });
});

describe("the search text", () => {
  const problem = (q: unknown) => searchInput.safeParse({ q }).error?.issues[0]?.message;
  test("is trimmed, with control and invisible characters as spaces", () => {
    expect(searchInput.parse({ q: "  gro\u0000und\u200b  " }).q).toBe("gro und");
  });
  test("empty, one character and over 200 are refused with a sentence", () => {
    expect(problem("   ")).toBe(SEARCH_EMPTY);
    expect(problem("\u0000\u0000")).toBe(SEARCH_EMPTY);
    expect(problem("a")).toBe(SEARCH_TOO_SHORT);
    expect(problem("a".repeat(201))).toBe(SEARCH_TOO_LONG);
    expect(problem("a".repeat(100_000))).toBe(SEARCH_TOO_LONG);
    expect(problem(undefined)).toBe(SEARCH_EMPTY);
  });
});

describe("pieces of a result", () => {
  test("markWords marks every word typed, whatever its case, and cuts a long line near the first", () => {
    expect(markWords("Zorvath Holdings · Quillmere Dam", "quill HOLD")).toEqual([
      { text: "Zorvath ", hit: false },
      { text: "Hold", hit: true },
      { text: "ings · ", hit: false },
      { text: "Quill", hit: true },
      { text: "mere Dam", hit: false },
    ]);
    const long = `${"x ".repeat(200)}needle ${"y ".repeat(200)}`;
    const parts = markWords(long, "needle");
    expect(parts.some((p) => p.hit && p.text === "needle")).toBe(true);
    expect(parts.map((p) => p.text).join("").length).toBeLessThanOrEqual(162);
  });
  test("linkParts splits a link into the path and its parameters", () => {
    expect(linkParts("/reports?q=clay&wo=7391-01")).toEqual({
      to: "/reports",
      search: { q: "clay", wo: "7391-01" },
    });
    expect(linkParts("/work-orders/7391-02A")).toEqual({ to: "/work-orders/7391-02A" });
  });
});
