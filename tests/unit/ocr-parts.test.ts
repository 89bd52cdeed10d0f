import { describe, expect, test } from "bun:test";
import { lookupRange } from "@server/domains/projects/keys";
import { parseRegisterDate } from "@server/domains/projects/register-rows";
import { extractFromLines } from "@server/ocr/photos/work-orders";
import { sniffImageType } from "@shared/image-type";
import { workOrderKey } from "@shared/work-orders";
import { ocrLine } from "../helpers/ocr-lines";

describe("image types by their bytes", () => {
  test.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], "png"],
    [[0xff, 0xd8, 0xff, 0xe0], "jpeg"],
    [[...Buffer.from("GIF89a")], "gif"],
    [[...Buffer.from("GIF87a")], "gif"],
    [[...Buffer.from("%PDF-1.7")], null],
    [[...Buffer.from("<svg")], null],
    [[], null],
  ])("%p → %p", (bytes, kind) => {
    expect(sniffImageType(new Uint8Array(bytes as number[]))).toBe(kind as never);
  });
});

describe("work-order keys", () => {
  test.each([
    ["1234-56A", "1234-56(A)"],
    ["1234-56(a)", "1234-56(A)"],
    [" w.o. 1234-56 ", "1234-56"],
    ["WO# 1234", "1234"],
    ["1234\u201356", "1234-56"],
    ["1234 - 56 B", "1234-56(B)"],
  ])("%s → %s", (wo, key) => {
    expect(workOrderKey(wo)).toBe(key);
  });

  test("four digits alone look for NNNN-… (or the bare number); others are prefixes", () => {
    expect(lookupRange("1234")).toEqual({ exact: "1234", lo: "1234-", hi: "1234.", base: null });
    expect(lookupRange("1234-5")).toEqual({ exact: null, lo: "1234-5", hi: "1234-5\uffff", base: null });
    expect(lookupRange("  ")).toBeNull();
  });

  test("a whole work order: itself, then its letters (bare) or its base (lettered)", () => {
    expect(lookupRange("1234-56")).toEqual({ exact: "1234-56", lo: "1234-56(", hi: "1234-56)", base: null });
    expect(lookupRange("1234-56b")).toEqual({
      exact: "1234-56(B)",
      lo: "1234-56(B)",
      hi: "1234-56(B)",
      base: "1234-56",
    });
  });
});

describe("register dates", () => {
  test.each([
    ["2021-03-10", "2021-03-10"],
    ["3/10/21", "2021-03-10"],
    ["3/10/2021", "2021-03-10"],
    ["March 10, 2021", "2021-03-10"],
    ["10-Mar-21", "2021-03-10"],
    ["44265", "2021-03-10"],
    ["", ""],
    ["TBD", ""],
    ["n/a", ""],
    ["soon", null],
    ["13/45/2021", null],
  ])("%s → %p", (cell, iso) => {
    expect(parseRegisterDate(cell)).toBe(iso);
  });
  test("spreadsheet date cells", () => {
    expect(parseRegisterDate(new Date(Date.UTC(2019, 11, 31)))).toBe("2019-12-31");
  });
});

describe("a work order read twice", () => {
  test("is kept once, in its first place, with its surer reading", () => {
    const lines = [
      ocrLine(["W.O.", 20], ["4460-01B", 9]),
      ocrLine(["W.O.", 90], ["1254-06", 90]),
      ocrLine(["W.O.", 90], ["4460-01B", 88]),
    ];
    const found = extractFromLines(lines);
    expect(found.map((w) => w.work_order)).toEqual(["4460-01B", "1254-06"]);
    expect(found[0]!.confidence).toBeGreaterThan(30);
  });
});
