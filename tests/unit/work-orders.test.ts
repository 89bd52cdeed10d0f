import { describe, expect, test } from "bun:test";
import { extractFromLines, extractWorkOrders } from "@server/ocr/work-orders";
import { lookupInput, normalizeLetters, uniqueWorkOrders } from "@shared/ocr";

const read = (text: string) => extractWorkOrders(text);

describe("work order formats", () => {
  test.each([
    ["1234", "1234"],
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
  ])("%s → %s", (text, wo) => {
    expect(read(text)).toEqual([wo]);
  });

  test("several on a line and across lines, in reading order", () => {
    expect(read("W.O. 1234-56A and 2345-01\n3456-10(B), 4567")).toEqual([
      "1234-56A",
      "2345-01",
      "3456-10(B)",
      "4567",
    ]);
  });

  test("duplicates (ignoring case) and blanks are removed", () => {
    expect(read("1234-56a\n\n  \n1234-56A\nW.O. 1234-56A\n7777")).toEqual(["1234-56A", "7777"]);
  });
});

describe("OCR look-alikes in digit positions", () => {
  test.each([
    ["W.O. 1O34-56", "1034-56"],
    ["W.0. 1234-56", "1234-56"],
    ["l234-56A", "1234-56A"],
    ["1234-5I", "1234-51"],
    ["12S4-56", "1254-56"],
    ["123B-56", "1238-56"],
    ["W.O. 2B1O-O5", "2810-05"],
    ["|234-56", "1234-56"],
  ])("%s → %s", (text, wo) => {
    expect(read(text)).toEqual([wo]);
  });

  test("words made of look-alike letters stay words", () => {
    expect(read("SOIL BOSS Silo lOOl ISO 2OO1 SOlL-SO")).toEqual([]);
  });
  test("the letter after the number stays a letter", () => {
    expect(read("1234-56S")).toEqual(["1234-56S"]);
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
    ["1234.56"],
    ["$1234"],
    ["12345"],
    ["1234-5678"],
    ["1234-567"],
    ["1234-56AB"],
    ["ABC1234"],
    ["1234X"],
    ["96813"],
    ["invoice 1,234"],
    ["C:/scans/1234-56.png"],
  ])("%s", (text) => {
    expect(read(text)).toEqual([]);
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
    });
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
    expect(read("2.4861-01\n4.9942\n 12.1234-56A")).toEqual(["4861-01", "9942", "1234-56A"]);
  });
  test("but a decimal in running text is not a work order", () => {
    expect(read("depth 2.4861 m; ratio 0.1234")).toEqual([]);
  });
});

test("a digit in the parenthesised letter is the letter it looks like", () => {
  expect(extractWorkOrders("W.O. 4240-07(8) and 1234-56(4)")).toEqual(["4240-07(B)", "1234-56(A)"]);
});
