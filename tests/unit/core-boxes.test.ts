import { describe, expect, test } from "bun:test";
import { parseCompleteCell, parseDispositionCell } from "@server/domains/core-boxes/import-cells";
import { islandFacet, matchExpression, searchWords, toFilters } from "@server/domains/core-boxes/list";
import { ConfigError, loadEnv } from "@server/env";
import { decodeText, parseCsv } from "@server/lib/csv";
import { totalOf } from "@server/lib/list-engine";
import { parseDateCell } from "@server/lib/spreadsheet-cells";
import {
  boxStatus,
  canonicalIsland,
  coreBoxListInput,
  defaultExpiry,
  todayIso,
  yearOf,
} from "@shared/core-boxes";
import { defuse, toCsv, undefuse } from "@shared/csv";
import { changedFields } from "@shared/history";
import {
  LIST_TOTAL_CAP,
  SEARCH_MIN_CHARS,
  SEARCH_TOO_SHORT,
  searchProblem,
  totalText,
} from "@shared/list-total";
import { binderListInput } from "@shared/reports-binder";

describe("box dates", () => {
  test("Expired only when the expiry date is before today", () => {
    expect(boxStatus("2026-11-21", "2026-11-22")).toBe("Expired");
    expect(boxStatus("2026-11-22", "2026-11-22")).toBe("Active");
    expect(boxStatus(null, "2026-11-22")).toBe("Active");
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });
  test("default expiry adds calendar months, clamping month ends; the year comes from the dates", () => {
    expect(defaultExpiry("2024-02-29", 24)).toBe("2026-02-28");
    expect(defaultExpiry("2024-08-31", 6)).toBe("2025-02-28");
    expect(yearOf("2019-04-01", "2021-04-01")).toBe(2019);
    expect(yearOf(null, "2021-04-01")).toBe(2021);
    expect(yearOf(null, null)).toBeNull();
  });
  test("CORE_BOX_EXPIRY_MONTHS defaults to 24 and a bad value stops the server naming it", () => {
    expect(loadEnv({}).CORE_BOX_EXPIRY_MONTHS).toBe(24);
    expect(loadEnv({ CORE_BOX_EXPIRY_MONTHS: "36" }).CORE_BOX_EXPIRY_MONTHS).toBe(36);
    expect(() => loadEnv({ CORE_BOX_EXPIRY_MONTHS: "0" })).toThrow(ConfigError);
    expect(() => loadEnv({ CORE_BOX_EXPIRY_MONTHS: "two years" })).toThrow(/CORE_BOX_EXPIRY_MONTHS/);
  });
  test("list defaults: page size 25, newest submission first; All and blank mean no filter", () => {
    expect(coreBoxListInput.parse({ complete: "All", island: "", keep_or_dump: "all" })).toMatchObject({
      page: 1,
      page_size: 25,
      sort_by: "report_submission_date",
      sort_dir: "desc",
      complete: undefined,
      island: undefined,
    });
    expect(canonicalIsland("Lānaʻi")).toBe("Lanai");
    expect(canonicalIsland("Niihau")).toBe("Niihau");
  });
});

describe("spreadsheet cells", () => {
  const date = (v: Parameters<typeof parseDateCell>[0]) => parseDateCell(v, "storage date");
  test("dates as ISO, US text, month names, serial numbers and xlsx dates", () => {
    expect(date("2024-03-05")).toEqual({ ok: true, value: "2024-03-05" });
    expect(date("3/5/2024")).toEqual({ ok: true, value: "2024-03-05" });
    expect(date("03-05-24")).toEqual({ ok: true, value: "2024-03-05" });
    expect(date("12/31/99")).toEqual({ ok: true, value: "1999-12-31" });
    expect(date("Mar 5, 2024")).toEqual({ ok: true, value: "2024-03-05" });
    expect(date(45356)).toEqual({ ok: true, value: "2024-03-05" });
    expect(date("45356")).toEqual({ ok: true, value: "2024-03-05" });
    expect(date(new Date(Date.UTC(2024, 2, 5)))).toEqual({ ok: true, value: "2024-03-05" });
    expect(date("  ")).toEqual({ ok: true, value: null });
  });
  test("impossible and ambiguous dates are refused with the column named", () => {
    expect(date("2/29/2023")).toEqual({
      ok: false,
      error: 'storage date "2/29/2023" is not a real calendar date.',
    });
    expect(date("2026-02-30").ok).toBe(false);
    expect(date(2024)).toEqual({ ok: false, error: 'storage date "2024" is not a date.' });
    expect(date("soon")).toMatchObject({
      ok: false,
      error: expect.stringContaining("is not a date (use YYYY-MM-DD"),
    });
  });
  test("Yes/No and Keep/Dump/Save with blanks defaulting", () => {
    expect(parseCompleteCell("Y")).toEqual({ ok: true, value: "Yes" });
    expect(parseCompleteCell(null)).toEqual({ ok: true, value: "No" });
    expect(parseCompleteCell(true)).toEqual({ ok: true, value: "Yes" });
    expect(parseCompleteCell("perhaps").ok).toBe(false);
    expect(parseDispositionCell(" DUMP ")).toEqual({ ok: true, value: "Dump" });
    expect(parseDispositionCell("")).toEqual({ ok: true, value: "Keep" });
    expect(parseDispositionCell("Burn").ok).toBe(false);
  });
});

describe("CSV", () => {
  test("quotes, commas, newlines and Unicode survive a round trip; formulas are defused and restored", () => {
    const rows = [["a,b", 'say "hi"', "one\ntwo", "Kīhei 🌺", "=1+1", "-5", "plain"]];
    const text = toCsv(rows);
    expect(text).toContain("'=1+1");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parseCsv(text)).toEqual(rows);
    expect(defuse("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(undefuse("'Kailua")).toBe("'Kailua");
  });
  test("Excel's semicolon CSV and Windows-1252 files are read", () => {
    expect(parseCsv("W.O.;Project\r\n1;Hālawa")).toEqual([
      ["W.O.", "Project"],
      ["1", "Hālawa"],
    ]);
    const cp1252 = new Uint8Array([0x4d, 0x61, 0xf1, 0x61, 0x6e, 0x61]); // "Mañana"
    expect(decodeText(cp1252)).toBe("Mañana");
  });
});

describe("search terms", () => {
  test("only words with letters or digits count; facets match SQLite's hex(lower())", () => {
    expect(searchWords("'; DROP TABLE x; --")).toEqual(["DROP", "TABLE", "x;"]);
    expect(searchWords("-- ;")).toEqual([]);
    expect(islandFacet("Oahu")).toBe("i6F616875");
  });
  test("the full-text query: every word a quoted prefix in the three columns, the equality filters as facets", () => {
    const f = (raw: Record<string, unknown>) =>
      toFilters(coreBoxListInput.parse(raw), new Date(2026, 10, 22))!;
    expect(matchExpression(f({ q: 'kailua 12"3' }))).toBe(
      '{work_order project engineer} : ("kailua"* AND "12""3"*)',
    );
    expect(
      matchExpression(f({ q: "gs", island: "Oahu", year: 2020, complete: "Yes", keep_or_dump: "Dump" })),
    ).toBe(
      '{work_order project engineer} : ("gs"*) AND facets : ("i6F616875" AND "y2020" AND "cyes" AND "ddump")',
    );
    // Nothing searchable: no box matches (null), not every box.
    expect(toFilters(coreBoxListInput.parse({ q: "-- ;" }), new Date())).toBeNull();
    expect(f({ expired: 1 })).toMatchObject({ terms: [], expired: true, today: "2026-11-22" });
  });
});

describe("long lists: 2-character searches, totals capped at 10,000", () => {
  test("a search shorter than 2 characters is refused by both lists' schemas with the message", () => {
    expect(SEARCH_MIN_CHARS).toBe(2);
    for (const schema of [coreBoxListInput, binderListInput]) {
      for (const q of ["K", " k ", "7", "é"]) {
        const parsed = schema.safeParse({ q });
        expect({ q, ok: parsed.success, message: parsed.error?.issues[0]?.message }).toEqual({
          q,
          ok: false,
          message: SEARCH_TOO_SHORT,
        });
      }
      for (const q of ["", "   ", "Ka", "12", "éa"])
        expect({ q, ok: schema.safeParse({ q }).success }).toEqual({ q, ok: true });
    }
    expect(SEARCH_TOO_SHORT).toBe("Type at least 2 characters to search.");
    expect(searchProblem("K")).toBe(SEARCH_TOO_SHORT);
    expect([searchProblem(undefined), searchProblem(""), searchProblem("Ka")]).toEqual([null, null, null]);
  });
  test("a total is exact up to the cap, then the cap with capped; the screens show 10,000+", () => {
    expect(LIST_TOTAL_CAP).toBe(10_000);
    expect(totalOf(0)).toEqual({ total: 0, capped: false });
    expect(totalOf(LIST_TOTAL_CAP)).toEqual({ total: LIST_TOTAL_CAP, capped: false });
    expect(totalOf(LIST_TOTAL_CAP + 1)).toEqual({ total: LIST_TOTAL_CAP, capped: true });
    expect(totalOf(250_000)).toEqual({ total: LIST_TOTAL_CAP, capped: true });
    expect(totalText({ total: 10_000, total_capped: true })).toBe("10,000+");
    expect(totalText({ total: 10_000, total_capped: false })).toBe("10,000");
    expect(totalText({ total: 1234 })).toBe("1,234");
  });
});

describe("history differences", () => {
  test("an edit lists only the fields that changed; bookkeeping fields are left out", () => {
    const before = {
      work_order: "A-1",
      project: "Old",
      keep_or_dump: "Keep",
      updated_at: "x",
      updated_by: "a",
    };
    const after = {
      work_order: "A-1",
      project: "New",
      keep_or_dump: "Dump",
      updated_at: "y",
      updated_by: "b",
    };
    expect(changedFields(before, after)).toEqual([
      { field: "project", before: "Old", after: "New" },
      { field: "keep_or_dump", before: "Keep", after: "Dump" },
    ]);
    expect(changedFields(null, { work_order: "A-1", island: null })).toEqual([
      { field: "work_order", before: null, after: "A-1" },
    ]);
  });
});
