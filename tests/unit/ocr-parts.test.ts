import { describe, expect, test } from "bun:test";
import { lookupRange, workOrderKey } from "@server/domains/projects/keys";
import { parseRegisterDate } from "@server/domains/projects/register-rows";
import { boxToSource, type PrepGeometry } from "@server/ocr/geometry";
import { sniffImageType } from "@server/ocr/image-type";
import { halfTurnMayReadBetter } from "@server/ocr/orientation";
import type { OcrPool } from "@server/ocr/pool";
import { readingScore } from "@server/ocr/read-work-orders";
import { extractFromLines } from "@server/ocr/work-orders";
import { ocrLine } from "../helpers/ocr-lines";

const geometry = (g: Partial<PrepGeometry>): PrepGeometry => ({
  source: { width: 400, height: 200 },
  rotation: 0,
  scale: 1,
  skew: 0,
  scaled: { width: 400, height: 200 },
  turned: { width: 400, height: 200 },
  crop: { x: 0, y: 0 },
  zoom: 1,
  width: 400,
  height: 200,
  ...g,
});

describe("boxes found on the prepared image map back onto the upload", () => {
  const box = { x0: 20, y0: 10, x1: 60, y1: 30 };
  test("shrunk for analysis", () => {
    expect(boxToSource({ x0: 40, y0: 20, x1: 120, y1: 60 }, geometry({ scale: 2 }))).toEqual({
      x: 20,
      y: 10,
      w: 40,
      h: 20,
    });
  });
  test("turned a quarter clockwise to read it", () => {
    // The prepared image is 200 wide and 400 high; its top-left corner is the source's bottom-left.
    expect(boxToSource(box, geometry({ rotation: 90, width: 200, height: 400 }))).toEqual({
      x: 10,
      y: 140,
      w: 20,
      h: 40,
    });
  });
  test("upside down", () => {
    expect(boxToSource(box, geometry({ rotation: 180 }))).toEqual({ x: 340, y: 170, w: 40, h: 20 });
  });
  test("turned three quarters", () => {
    expect(boxToSource(box, geometry({ rotation: 270, width: 200, height: 400 }))).toEqual({
      x: 370,
      y: 20,
      w: 20,
      h: 40,
    });
  });
  test("levelled by a small turn: the centre stays put", () => {
    const g = geometry({ skew: 5, turned: { width: 416, height: 234 }, width: 416, height: 234 });
    const b = boxToSource({ x0: 198, y0: 107, x1: 218, y1: 127 }, g);
    expect(Math.abs(b.x + b.w / 2 - 200)).toBeLessThan(2);
    expect(Math.abs(b.y + b.h / 2 - 100)).toBeLessThan(2);
  });
});

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

test("sideways readings score low: short fragments and low confidence", () => {
  const upright = readingScore({
    words: [{ text: "1234-56A", confidence: 92, bbox: { x0: 0, y0: 0, x1: 1, y1: 1 } }],
  });
  const sideways = readingScore({
    words: [
      { text: "|", confidence: 90, bbox: { x0: 0, y0: 0, x1: 1, y1: 1 } },
      { text: "l1i", confidence: 31, bbox: { x0: 0, y0: 0, x1: 1, y1: 1 } },
    ],
  });
  expect(upright).toBe(92);
  expect(sideways).toBe(31);
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
    expect(lookupRange("1234")).toEqual({ exact: "1234", lo: "1234-", hi: "1234." });
    expect(lookupRange("1234-5")).toEqual({ exact: null, lo: "1234-5", hi: "1234-5\uffff" });
    expect(lookupRange("  ")).toBeNull();
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

describe("half a turn is tried on a band first", () => {
  /** A grey image 4 wide whose pixel values count up, as the PGM the preparation hands over. */
  const image = (height: number) => {
    const pixels = Uint8Array.from({ length: 4 * height }, (_, i) => i % 251);
    return {
      prep: {
        data: Buffer.concat([Buffer.from(`P5\n4 ${height}\n255\n`, "latin1"), pixels]),
        width: 4,
        height,
      },
      pixels,
    };
  };
  const line = (text: string, confidence: number, y0: number, y1: number) => {
    const bbox = { x0: 0, y0, x1: 4, y1 };
    return { text, confidence, bbox, words: [{ text, confidence, bbox }] };
  };
  const score = (words: { text: string; confidence: number }[]) => readingScore({ words: words as never });

  /** A pool that answers every reading with one word of the given confidence and keeps what it was shown. */
  const fakePool = (confidence: number) => {
    const seen: Buffer[] = [];
    const pool = {
      recognize: async (bytes: Uint8Array) => {
        seen.push(Buffer.from(bytes));
        return { text: "", confidence, lines: [], words: [line("WORDS", confidence, 0, 1)], ms: 0 };
      },
    } as unknown as OcrPool;
    return { pool, seen };
  };

  test("the band round the densest lines is read once, turned half round (its pixels in reverse order)", async () => {
    const { prep, pixels } = image(100);
    const page = {
      lines: [
        line("a", 20, 2, 8),
        line("JOB 1234-56", 30, 40, 43),
        line("KAPOLEI PARKING", 30, 44, 47),
        line("DRILL 5/18", 30, 48, 50),
        line("x", 10, 90, 96),
      ],
    };
    const { pool, seen } = fakePool(90);
    expect(await halfTurnMayReadBetter(pool, prep, page, score)).toBe(true);
    expect(seen).toHaveLength(1);
    // The three dense lines (rows 40–50) with a margin of 7: rows 33 to 57.
    const header = "P5\n4 24\n255\n";
    expect(seen[0]!.subarray(0, header.length).toString("latin1")).toBe(header);
    expect([...seen[0]!.subarray(header.length)]).toEqual([...pixels.subarray(33 * 4, 57 * 4)].reverse());
  });

  test("a band that reads clearly worse upside down saves the full reading; a close or better one does not", async () => {
    const { prep } = image(100);
    const page = { lines: [line("WORD ONE", 60, 40, 50)] };
    expect(await halfTurnMayReadBetter(fakePool(20).pool, prep, page, score)).toBe(false);
    expect(await halfTurnMayReadBetter(fakePool(58).pool, prep, page, score)).toBe(true);
    expect(await halfTurnMayReadBetter(fakePool(80).pool, prep, page, score)).toBe(true);
    // Nothing legible upright, or a sliver of a band: no probe, the full reading decides.
    expect(await halfTurnMayReadBetter(fakePool(0).pool, prep, { lines: [] }, score)).toBe(true);
  });
});

describe("a work order read twice", () => {
  test("is kept once, in its first place, with its surer reading", () => {
    const lines = [
      ocrLine(["W.O.", 20], ["4490-01B", 9]),
      ocrLine(["W.O.", 90], ["1244-06", 90]),
      ocrLine(["W.O.", 90], ["4490-01B", 88]),
    ];
    const found = extractFromLines(lines);
    expect(found.map((w) => w.work_order)).toEqual(["4490-01B", "1244-06"]);
    expect(found[0]!.confidence).toBeGreaterThan(30);
  });
});
