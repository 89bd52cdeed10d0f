import { describe, expect, test } from "bun:test";
import { bySureness, MIN_CONFIDENCE } from "@server/ocr/photos/read-work-orders";
import { extractFromLines, extractWorkOrders } from "@server/ocr/photos/work-orders";
import { lookupInput, normalizeLetters, uniqueWorkOrders } from "@shared/ocr";
import { ocrLine } from "../helpers/ocr-lines";

const read = (text: string) => extractWorkOrders(text);

describe("work order formats", () => {
  test.each([
    ["W.O. 1234", "1234"],
    ["1234-56", "1234-56"],
    ["1234-56A", "1234-56A"],
    ["1234-56(A)", "1234-56(A)"],
    ["W.O. 1234-56", "1234-56"],
    ["W.O.1234-56A", "1234-56A"],
    ["WO# 1234-56(B)", "1234-56(B)"],
    ["W/O: 2210", "2210"],
    ["Work Order No. 8812-03", "8812-03"],
    ["Work Order #: 8812-03c", "8812-03C"],
    ["(1234-56A)", "1234-56A"],
    ["1234-56 (3/10/21)", "1234-56"],
    ["1234 - 56", "1234-56"],
    ["1234\u201356", "1234-56"],
    ["1234-56 (A)", "1234-56(A)"],
    ["see 1234-56a, then", "1234-56A"],
    ["Job No. 2947-01E", "2947-01E"],
    ["Job 3152", "3152"],
    ["Project No. 6418-07(D)", "6418-07(D)"],
    ["(PROJECT NO. 4563-03)", "4563-03"],
    ["WO# 1519", "1519"],
    ["W.O. No. 8246", "8246"],
  ])("%s → %s", (text, wo) => {
    expect(read(text)).toEqual([wo]);
  });

  test("several on a line and across lines, in reading order", () => {
    expect(read("W.O. 1234-56A and 2345-01\n3456-10(B), W.O. 4567")).toEqual([
      "1234-56A",
      "2345-01",
      "3456-10(B)",
      "4567",
    ]);
  });

  test("duplicates (ignoring case) and blanks are removed", () => {
    expect(read("1234-56a\n\n  \n1234-56A\nW.O. 1234-56A\nWO 7777")).toEqual(["1234-56A", "7777"]);
  });
});

describe("four digits alone are a work order only where the page says so", () => {
  test("not in running text: street numbers, years, ids and suites are four digits too", () => {
    expect(read("1255 Bishop Street, Suite 2610\nTruck 1944 left at 1530\nin 2019 we drilled 1234")).toEqual(
      [],
    );
  });
  test("after a label on the same line", () => {
    expect(read("W.O. 3152\n& 4294-07E")).toEqual(["3152", "4294-07E"]);
  });
  test("as a whole item of a list of work orders", () => {
    expect(read("Work orders to pull:\n1. W.O. 7219-09(A)\n2. 4959-05\n3. 9946")).toEqual([
      "7219-09(A)",
      "4959-05",
      "9946",
    ]);
    expect(read("1. 4959-05\n2. 9946 boxes of core")).toEqual(["4959-05"]);
  });
  const word = (text: string, x0: number, y0: number) => ({
    text,
    confidence: 90,
    bbox: { x0, y0, x1: x0 + text.length * 10, y1: y0 + 20 },
  });
  test("in the column under a W.O. or Job No. heading, not in the columns beside it", () => {
    const page = [
      { words: [word("Date", 0, 0), word("Job", 120, 0), word("No.", 160, 0), word("PR", 300, 0)] },
      { words: [word("3/15/21", 0, 40), word("7035", 120, 40), word("4606", 300, 40)] },
      { words: [word("5/25/21", 0, 80), word("5866-12", 120, 80), word("4944", 300, 80)] },
    ];
    expect(extractFromLines(page).map((w) => w.work_order)).toEqual(["7035", "5866-12"]);
  });
  test("a label in a line of prose is not a column heading", () => {
    const page = [
      { words: [word("pits", 0, 0), word("for", 50, 0), word("W.O.", 100, 0)] },
      { words: [word("2109", 100, 40), word("for", 150, 40), word("90", 190, 40), word("days", 220, 40)] },
    ];
    expect(extractFromLines(page)).toEqual([]);
  });
  test("a number wrapped onto the line after 'Suite' or 'Employee ID' stays out", () => {
    expect(read("630 Nimitz Highway, Suite\n2109 for 90 days. Employee ID\n3291) also logged")).toEqual([]);
  });
});

describe("what surrounds a number says what it is", () => {
  test.each([
    ["PR-3347 pending"],
    ["Invoice No. 2231-05"],
    ["Emp ID 4543-01"],
    ["Suite 2705-01"],
    ["Truck 7444-02"],
    ["2019-05 14 Hawaiian Electric"],
    ["2019 05-16"],
    ["$1234.56"],
    ["1250.50 ft"],
  ])("%s", (text) => {
    expect(read(text)).toEqual([]);
  });
  test("a dot or comma between the parts is a short handwritten dash", () => {
    expect(read("1482.09 Lihue Water Tank\nPROJECT NO. 1989,01")).toEqual(["1482-09", "1989-01"]);
  });
  test("a space alone between the parts only after a label", () => {
    expect(read("W.O. 1254 06\n1254 07")).toEqual(["1254-06"]);
  });
});

describe("near misses that are not work orders", () => {
  test.each([
    ["Date: 3/10/2021"],
    ["2021-03-10"],
    ["10-03-2021"],
    ["March 10, 2021"],
    ["Mar. 2021"],
    ["10 March 2021"],
    ["Tel: (808) 555-1234"],
    ["808-555-1234"],
    ["808 555 1234"],
    ["808.555.1234"],
    ["Phone 1234"],
    ["ext. 4411"],
    ["Page 1 of 2"],
    ["Page 1234"],
    ["© 2024 Geolabs, Inc."],
    ["Depth 1250 ft"],
    ["$1234"],
    ["12345"],
    ["1234-5678"],
    ["1234-567"],
    ["ABC1234"],
    ["1234X"],
    ["96813"],
    ["invoice 1,234"],
    ["C:/scans/1234-56.png"],
  ])("%s", (text) => {
    expect(read(text)).toEqual([]);
  });

  test("glued to a run of capitals, the number is offered unsure: the first capital may be its suffix", () => {
    const [glued] = extractFromLines([ocrLine(["1234-56AB", 95])]);
    expect(glued).toMatchObject({ work_order: "1234-56", cut: true });
    const [word] = extractFromLines([ocrLine(["6053-27BKona", 95])]);
    expect(word).toMatchObject({ work_order: "6053-27B", cut: false });
  });
  test("a label overrides the context rules", () => {
    expect(read("W.O. 2021 issued March 2021")).toEqual(["2021"]);
  });
});

describe("boxes and confidence from OCR words", () => {
  test("the box covers the words of the number, not the label", () => {
    const [hit] = extractFromLines([
      {
        words: [
          { text: "W.O.", confidence: 70, bbox: { x0: 10, y0: 10, x1: 50, y1: 30 } },
          { text: "1234-", confidence: 90, bbox: { x0: 60, y0: 10, x1: 120, y1: 30 } },
          { text: "56A", confidence: 80, bbox: { x0: 122, y0: 11, x1: 160, y1: 32 } },
          { text: "Client", confidence: 95, bbox: { x0: 200, y0: 10, x1: 260, y1: 30 } },
        ],
      },
    ]);
    expect(hit).toEqual({
      work_order: "1234-56A",
      bbox: { x0: 60, y0: 10, x1: 160, y1: 32 },
      confidence: 85,
      cut: false,
    });
  });
  test("with each character's probability, the confidence is the number's own: a garbled label glued to it does not count", () => {
    const chars = (text: string, p: number[]) => ({ text, confidence: 60, charProbabilities: p });
    // "2/2" (a date) and "WO" glued before, "Kahu" after: only 7215-34C is weighed (geometric mean).
    const glued = chars(
      "2/27215-34CKahu",
      [0.3, 0.2, 0.3, 0.9, 0.9, 0.9, 0.9, 1, 0.9, 0.9, 0.9, 0.2, 0.4, 0.3, 0.3],
    );
    const [hit] = extractFromLines([{ words: [glued] }]);
    expect(hit).toMatchObject({ work_order: "7215-34C", confidence: 91 });
    // A doubtful digit weighs on it as it should.
    const doubtful = chars("WO7215-34", [0.2, 0.2, 0.9, 0.3, 0.9, 0.9, 1, 0.9, 0.9]);
    expect(extractFromLines([{ words: [doubtful] }])[0]!.confidence).toBe(78);
  });
  test("a number whose reading stops at its dash is marked cut short; one with its suffix after the dash is not", () => {
    const words = (...texts: string[]) => [ocrLine(...texts.map((text): [string, number] => [text, 90]))];
    expect(extractFromLines(words("WO", "3980-"))).toEqual([
      { work_order: "3980", bbox: null, confidence: 90, cut: true },
    ]);
    expect(extractFromLines(words("(WO", "3980~)"))[0]!.cut).toBe(true);
    expect(extractFromLines(words("WO", "3980-", "site", "visit"))[0]!.cut).toBe(false);
    expect(extractFromLines(words("WO", "3980-32C"))[0]).toMatchObject({
      work_order: "3980-32C",
      cut: false,
    });
    expect(extractFromLines(words("WO", "3980", "-", "Kapolei"))[0]).toMatchObject({
      work_order: "3980",
      cut: false,
    });
  });
  test("read twice, a number is kept as its whole reading rather than one cut short, however sure", () => {
    const [kept, ...rest] = extractFromLines([
      ocrLine(["WO", 95], ["3980-", 95]),
      ocrLine(["WO", 80], ["3980", 80]),
    ]);
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({ work_order: "3980", cut: false, confidence: 80 });
  });
  test("readings under the confidence bar or cut short are offered as unsure, the others listed", () => {
    const read = [
      { work_order: "1234-05", confidence: MIN_CONFIDENCE, cut: false },
      { work_order: "2345-06", confidence: MIN_CONFIDENCE - 1, cut: false },
      { work_order: "3980", confidence: 95, cut: true },
    ];
    const { items, unsure } = bySureness(read);
    expect(items).toEqual([{ work_order: "1234-05", confidence: MIN_CONFIDENCE }]);
    expect(unsure.map((u) => u.work_order)).toEqual(["2345-06", "3980"]);
    expect(unsure[0]).not.toHaveProperty("cut");
  });
});

describe("normalisation", () => {
  test.each([
    ["1234-56A", "1234-56(A)"],
    ["1234-56a", "1234-56(A)"],
    ["1234-56(A)", "1234-56(A)"],
    ["1234-56 (b)", "1234-56(B)"],
    ["1234-56", "1234-56"],
    ["1234", "1234"],
    [" 1234-56A ", "1234-56(A)"],
    ["ABCD", "ABCD"],
  ])("%s → %s", (wo, out) => {
    expect(normalizeLetters(wo)).toBe(out);
  });

  test("lookup input: list or newline string, trimmed, blanks and duplicates out", () => {
    expect(lookupInput.parse({ work_orders: " 1234-56 \n\n1234-56\n2345" }).work_orders).toEqual([
      "1234-56",
      "2345",
    ]);
    expect(uniqueWorkOrders(["a", "A", " ", "b"])).toEqual(["a", "b"]);
    expect(lookupInput.safeParse({ work_orders: 5 }).success).toBe(false);
    expect(lookupInput.safeParse({ work_orders: ["x".repeat(41)] }).success).toBe(false);
  });
});

describe("list markers", () => {
  test("a list number glued to the work order by OCR is not part of it", () => {
    expect(read("2.4871-01\n4.9946\n 12.1234-56A")).toEqual(["4871-01", "9946", "1234-56A"]);
  });
  test("but a decimal in running text is not a work order", () => {
    expect(read("depth 2.4871 m; ratio 0.1234")).toEqual([]);
  });
});
