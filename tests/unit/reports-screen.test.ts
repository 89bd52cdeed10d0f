import { describe, expect, test } from "bun:test";
import { BULK_INDEX_MAX_FILES, REPORTS_TEXTS } from "@shared/reports";
import {
  addToSelection,
  addTotals,
  batchesOf,
  checkWoPrefix,
  errorLogLine,
  indexBlocker,
  isDoneLine,
  isStepLine,
  isUnreachable,
  logLineOf,
  NO_TOTALS,
  type PickedFile,
  plainSteps,
  reportsSearch,
  reportsViewOf,
  startsLikePdf,
  statusOf,
  summariseSelection,
  totalsOfLines,
  totalsText,
} from "@/features/reports/reports-model";

const f = (name: string, size = 100, webkitRelativePath = ""): PickedFile => ({
  name,
  size,
  webkitRelativePath,
  lastModified: 1,
});

describe("the selection", () => {
  test("only .pdf names are used, any case; the same file chosen twice is kept once", () => {
    const a = f("1234-56.Kapolei.pdf");
    const r = addToSelection([], [a, f("notes.txt"), f("1234-57.Pier.PDF"), f("scan.pdf.jpg")]);
    expect(r.files.map((x) => x.name)).toEqual(["1234-56.Kapolei.pdf", "1234-57.Pier.PDF"]);
    expect(r.ignored).toBe(2);
    expect(r.message).toBeNull();
    const again = addToSelection(r.files, [a, f("1234-58.New.pdf")]);
    expect(again.files).toHaveLength(3);
    expect(again.ignored).toBe(0);
  });

  test("the same name in two folders of a chosen folder is two files", () => {
    const r = addToSelection(
      [],
      [
        f("1234-56.A.pdf", 10, "reports/2024/1234-56.A.pdf"),
        f("1234-56.A.pdf", 10, "reports/2025/1234-56.A.pdf"),
      ],
    );
    expect(r.files).toHaveLength(2);
  });

  test("a folder with no PDFs says so; choosing nothing says nothing", () => {
    expect(addToSelection([], [f("a.docx"), f("b.xlsx")]).message).toBe(REPORTS_TEXTS.noPdfsInSelection);
    expect(addToSelection([f("1234-56.A.pdf")], [f("a.docx")]).message).toBe(REPORTS_TEXTS.noPdfsInSelection);
    expect(addToSelection([], []).message).toBeNull();
  });

  test("Index Selected with nothing: the spec's two messages", () => {
    expect(indexBlocker(0, false)).toBe("No PDFs selected.");
    expect(indexBlocker(0, true)).toBe("No PDF files in the selection.");
    expect(indexBlocker(2, true)).toBeNull();
  });

  test("the summary counts and sizes the files and warns about names out of form", () => {
    const s = summariseSelection([
      f("1234-56.Kapolei Substation.pdf", 1000),
      f("1234-56A.Pier 12.pdf", 500, "box/1234-56A.Pier 12.pdf"),
      f("Kapolei.pdf", 10, "box/Kapolei.pdf"),
      f("12-3.X.pdf", 1),
    ]);
    expect(s.count).toBe(4);
    expect(s.bytes).toBe(1511);
    expect(s.misnamed.map((m) => m.path)).toEqual(["box/Kapolei.pdf", "12-3.X.pdf"]);
    expect(s.misnamed[0]?.reason).toContain("####-##(optional letter).ProjectName.pdf");
    expect(s.notPdf).toEqual([]);
  });

  test("a file whose content is not a PDF is said so before its name is judged", async () => {
    const text = new File(["just some notes"], "Lab Guide.pdf");
    const pdf = new File(["%PDF-1.7 …"], "Lab Guide 2.pdf");
    expect(await startsLikePdf(text)).toBe(false);
    expect(await startsLikePdf(pdf)).toBe(true);
    const s = summariseSelection([text, pdf], new Set(["Lab Guide.pdf"]));
    expect(s.notPdf).toEqual([
      { path: "Lab Guide.pdf", reason: "This file is not a PDF (its content does not start with %PDF-)." },
    ]);
    // The real PDF is still warned about its name; the text file only about its content.
    expect(s.misnamed.map((m) => m.path)).toEqual(["Lab Guide 2.pdf"]);
  });
});

describe("batches", () => {
  test("split by bytes and by count, in order; an oversized file goes alone", () => {
    const sizes = [40, 40, 40, 200, 10, 10];
    const files = sizes.map((size, i) => ({ size, i }));
    const batches = batchesOf(files, 100);
    expect(batches.map((b) => b.map((x) => x.i))).toEqual([[0, 1], [2], [3], [4, 5]]);
    expect(batchesOf(files, 10_000, 4).map((b) => b.length)).toEqual([4, 2]);
    expect(batchesOf([], 100)).toEqual([]);
  });

  test("a big folder of small reports respects the server's file cap", () => {
    const many = Array.from({ length: BULK_INDEX_MAX_FILES + 5 }, () => ({ size: 1 }));
    expect(batchesOf(many, 1e12).map((b) => b.length)).toEqual([BULK_INDEX_MAX_FILES, 5]);
  });
});

describe("log lines", () => {
  test("failures read 'Error: …' and are red; skips neutral; done lines ok; the rest plain notes", () => {
    expect(logLineOf({ step: "bad.pdf: no work order", file: "bad.pdf", status: "failed" })).toEqual({
      file: "bad.pdf",
      text: "Error: bad.pdf: no work order",
      tone: "failed",
    });
    expect(logLineOf({ step: "Error: already prefixed", status: "failed" }).text).toBe(
      "Error: already prefixed",
    );
    expect(logLineOf({ step: "skipped", file: "a.pdf", status: "skipped" }).tone).toBe("skipped");
    expect(logLineOf({ step: "indexed 3 pages", file: "a.pdf", status: "indexed" }).tone).toBe("ok");
    expect(logLineOf({ step: "replaced", file: "a.pdf", status: "replaced" }).tone).toBe("ok");
    expect(logLineOf({ step: "Received 3 files" })).toEqual({
      file: null,
      text: "Received 3 files",
      tone: "info",
    });
    // A plain 400 answer lists its refusals as "Error: …" lines without a status.
    expect(logLineOf({ step: "Error: x.pdf: no work order" }).tone).toBe("failed");
    expect(errorLogLine("Request body too large")).toEqual({
      file: null,
      text: "Error: Request body too large",
      tone: "failed",
    });
  });

  test("stream lines are told apart; a plain answer's steps and error are read", () => {
    expect(isStepLine({ step: "x" })).toBe(true);
    expect(isStepLine({ done: true })).toBe(false);
    expect(isDoneLine({ done: true, ok: true, steps: [] })).toBe(true);
    expect(isDoneLine(null)).toBe(false);
    expect(plainSteps({ steps: ["a", 3, "b"], error: "nope" })).toEqual({ steps: ["a", "b"], error: "nope" });
    expect(plainSteps("<html>")).toEqual({ steps: [] });
  });

  test("totals add up and read as the closing toast", () => {
    const t = totalsOfLines([
      { step: "a", status: "indexed" },
      { step: "b", status: "indexed" },
      { step: "c", status: "failed" },
      { step: "d" },
    ]);
    expect(t).toEqual({ indexed: 2, replaced: 0, skipped: 0, failed: 1 });
    const sum = addTotals(t, { replaced: 1, skipped: 2 });
    expect(totalsText(sum)).toBe("2 reports indexed, 1 replaced, 2 skipped, 1 failed.");
    expect(totalsText(addTotals(NO_TOTALS, { indexed: 1 }))).toBe(
      "1 report indexed, 0 replaced, 0 skipped, 0 failed.",
    );
  });
});

describe("URL state and filters", () => {
  test("search params fall back when bad; numeric-looking text stays text", () => {
    const s = reportsSearch.parse({ q: "basalt", wo: 1234, page: "2", file_page_size: 7, file_page: -1 });
    expect(s).toEqual({
      q: "basalt",
      wo: "1234",
      page: 2,
      file_q: undefined,
      file_wo: undefined,
      file_page: undefined,
      file_page_size: undefined,
    });
    const v = reportsViewOf(s);
    expect(v).toMatchObject({ q: "basalt", wo: "1234", page: 2, filePage: 1, filePageSize: 50 });
  });

  test("W.O. prefixes as typed are taken; anything else is explained", () => {
    expect(checkWoPrefix("")).toEqual({ ok: true, wo: undefined });
    expect(checkWoPrefix("12")).toEqual({ ok: true, wo: "12" });
    expect(checkWoPrefix("1234-5")).toEqual({ ok: true, wo: "1234-5" });
    expect(checkWoPrefix("1234-56A")).toEqual({ ok: true, wo: "1234-56A" });
    const bad = checkWoPrefix("kapolei");
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toBe("W.O. prefix must be the start of a work order like 1234-56");
  });
});

describe("errors", () => {
  test("no answer, a gateway error or a missing API is 'unreachable'; a refusal is not", () => {
    expect(isUnreachable(new TypeError("Failed to fetch"))).toBe(true);
    expect(isUnreachable({ message: "NetworkError when attempting to fetch resource." })).toBe(true);
    expect(isUnreachable({ message: "x", data: { httpStatus: 502 } })).toBe(true);
    expect(isUnreachable({ message: "No procedure found", data: { httpStatus: 404 } })).toBe(true);
    expect(isUnreachable({ message: "Sign in to continue.", data: { httpStatus: 401 } })).toBe(false);
    expect(isUnreachable({ message: "boom", data: { httpStatus: 500 } })).toBe(false);
    expect(isUnreachable(null)).toBe(false);
  });

  test("the status of a tRPC or REST failure", () => {
    expect(statusOf({ data: { httpStatus: 404 } })).toBe(404);
    expect(statusOf({ status: 403 })).toBe(403);
    expect(statusOf(new Error("x"))).toBeUndefined();
  });
});
