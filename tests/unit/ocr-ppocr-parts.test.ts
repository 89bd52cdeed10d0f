import { describe, expect, test } from "bun:test";
import { boxesFromMap, convexHull, minAreaRect } from "@server/ocr/photos/ppocr/boxes";
import { cellBoxes, textAngle } from "@server/ocr/photos/ppocr/cells";
import { fromCrop, halfTurn, quadSize, quarterTurn, sampleQuad } from "@server/ocr/photos/ppocr/crop";
import { alphabetOf, ctcDecode } from "@server/ocr/photos/ppocr/ctc";
import { findGrid } from "@server/ocr/photos/ppocr/grid";
import type { ReadBox } from "@server/ocr/photos/ppocr/recogniser";
import { linesOf, pageTurn } from "@server/ocr/photos/text-lines";

/** A probability map with rectangles of `p` on 0. */
function map(width: number, height: number, rects: [number, number, number, number, number][]) {
  const m = new Float32Array(width * height);
  for (const [x0, y0, x1, y1, p] of rects)
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m[y * width + x] = p;
  return m;
}

describe("text boxes from the detector's map (DB post-processing)", () => {
  test("each confident region becomes a box grown by the unclip distance", () => {
    const boxes = boxesFromMap(map(200, 100, [[20, 40, 120, 50, 0.9]]), 200, 100);
    expect(boxes).toHaveLength(1);
    const { width, height } = quadSize(boxes[0]!.quad);
    // A 99 × 9 region (between pixel centres) grows by area × 1.5 / perimeter = 6.2 on every side.
    expect(width).toBeCloseTo(99 + 2 * ((99 * 9 * 1.5) / (2 * 108)), 1);
    expect(height).toBeCloseTo(9 + 2 * ((99 * 9 * 1.5) / (2 * 108)), 1);
    expect(boxes[0]!.score).toBeCloseTo(0.9, 5);
  });
  test("regions the detector is unsure of, and specks, are left out", () => {
    const m = map(200, 100, [
      [20, 10, 120, 20, 0.45],
      [20, 60, 22, 62, 0.95],
      [20, 80, 150, 90, 0.8],
    ]);
    expect(boxesFromMap(m, 200, 100)).toHaveLength(1);
  });
  test("a line on a bowed page is kept though it fills little of its rectangle", () => {
    const rects: [number, number, number, number, number][] = [];
    for (let i = 0; i < 20; i++)
      rects.push([
        10 + i * 8,
        40 + Math.round(Math.sin(i / 6) * 10),
        18 + i * 8,
        46 + Math.round(Math.sin(i / 6) * 10),
        0.9,
      ]);
    expect(boxesFromMap(map(200, 100, rects), 200, 100)).toHaveLength(1);
  });
  test("the smallest rectangle round a turned region follows its turn", () => {
    const pts = [];
    for (let t = 0; t <= 100; t++) pts.push({ x: 10 + t, y: 20 + t * 0.1 }, { x: 10 + t, y: 28 + t * 0.1 });
    const r = minAreaRect(convexHull(pts));
    expect((r.angle * 180) / Math.PI).toBeCloseTo(5.71, 1);
    expect(r.w).toBeGreaterThan(r.h);
  });
});

describe("crops", () => {
  const img = { width: 4, height: 2, data: new Uint8Array([...Array(8)].flatMap((_, i) => [i * 30, 0, 0])) };
  const quad = [
    { x: 0, y: 0 },
    { x: 4, y: 0 },
    { x: 4, y: 2 },
    { x: 0, y: 2 },
  ] as const;
  test("a box sampled at its own size gives its pixels", () => {
    expect([...sampleQuad(img, [...quad] as never, 4, 2)].filter((_, i) => i % 3 === 0)).toEqual([
      0, 30, 60, 90, 120, 150, 180, 210,
    ]);
  });
  test("turned a quarter, the box reads down what ran across; half a turn, backwards", () => {
    expect(quarterTurn([...quad] as never)[0]).toEqual({ x: 4, y: 0 });
    expect(halfTurn([...quad] as never)[0]).toEqual({ x: 4, y: 2 });
    expect(fromCrop([...quad] as never, 40, 20, 20, 10)).toEqual({ x: 2, y: 1 });
  });
});

describe("CTC decoding over the characters paperwork holds", () => {
  const list = ["4", "一", "Ｗ", "字", "-"];
  const alphabet = alphabetOf(list, (ch) => ch >= " " && ch <= "~");
  const classes = list.length + 2; // the blank, the list, the space
  const steps = (rows: Record<number, number>[]) => {
    const out = new Float32Array(rows.length * classes);
    rows.forEach((r, t) => {
      for (const [k, p] of Object.entries(r)) out[t * classes + Number(k)] = p;
    });
    return out;
  };
  test("full-width forms and signs drawn like a Latin character count for it; the rest cannot be read", () => {
    expect([...alphabet.chars].sort()).toEqual([" ", "-", "4", "W"]);
    // 一 (0.3) and - (0.3) together outweigh 字 (0.4): a dash.
    const probs = steps([{ 3: 0.9 }, { 0: 0.9 }, { 2: 0.3, 4: 0.4, 5: 0.3 }, { 1: 0.95 }, { 1: 0.95 }]);
    const out = ctcDecode(probs, 0, 5, classes, alphabet);
    expect(out.map((c) => c.char).join("")).toBe("W-4");
    expect(out[1]!.p).toBeCloseTo(0.6, 5);
    expect(out.map((c) => c.step)).toEqual([0, 2, 3]);
  });
  test("a character after a blank is read again; repeats without one fold", () => {
    const probs = steps([{ 1: 0.9 }, { 1: 0.9 }, { 0: 0.9 }, { 1: 0.9 }]);
    expect(ctcDecode(probs, 0, 4, classes, alphabet).map((c) => c.char)).toEqual(["4", "4"]);
  });
});

const box = (text: string, x: number, y: number, h = 20, turn = 0): ReadBox => {
  const w = text.length * 10;
  const at = (u: number, v: number) => {
    const t = (turn * Math.PI) / 180;
    return { x: x + u * Math.cos(t) - v * Math.sin(t), y: y + u * Math.sin(t) + v * Math.cos(t) };
  };
  return {
    quad: [at(0, 0), at(w, 0), at(w, h), at(0, h)],
    chars: [...text].map((char, i) => ({
      char,
      p: 0.9,
      step: i,
      ...at(i * 10 + 5, h / 2),
      digit: "",
      digitP: 0,
      digitShare: 0,
      digits: [],
      letters: [],
      letter: "",
      letterP: 0,
      letterShare: 0,
    })),
  };
};

describe("lines of words from the boxes", () => {
  test("boxes at one height make one line, left to right; spaces split words", () => {
    const { lines, rotation } = linesOf(
      [box("Client", 200, 101), box("W.O. 1234-56", 10, 100), box("Date", 10, 140)],
      { width: 400, height: 200 },
    );
    expect(rotation).toBe(0);
    expect(lines.map((l) => l.words.map((w) => w.text))).toEqual([["W.O.", "1234-56", "Client"], ["Date"]]);
    const wo = lines[0]!.words[1]!;
    expect(wo.bbox!.x0).toBeGreaterThan(50);
    expect(wo.bbox!.x1).toBeLessThan(135);
  });
  test("a page upside down is read turned half round: its last line on the image first", () => {
    const turned = [box("second", 300, 60, 20, 180), box("first", 300, 100, 20, 180)];
    expect(pageTurn(turned)).toBe(180);
    const { lines, rotation } = linesOf(turned, { width: 400, height: 200 });
    expect(rotation).toBe(180);
    expect(lines.map((l) => l.words[0]!.text)).toEqual(["first", "second"]);
  });
  test("text running down the page is read a quarter turn round", () => {
    expect(pageTurn([box("down the page", 100, 10, 20, 90)])).toBe(270);
    expect(pageTurn([box("up the page", 100, 190, 20, -90)])).toBe(90);
  });
});

describe("ruled tables", () => {
  /** A white page with a ruled table: rules 2 px thick, `rows` × `cols` cells of 30 × 100 px, turned `deg`. */
  function table(rows: number, cols: number, deg = 0) {
    const width = 600;
    const height = 400;
    const data = new Uint8Array(width * height * 3).fill(235);
    const t = (deg * Math.PI) / 180;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // Where this pixel is on the level table.
        const u = (x - 300) * Math.cos(t) + (y - 200) * Math.sin(t) + 300;
        const v = -(x - 300) * Math.sin(t) + (y - 200) * Math.cos(t) + 200;
        const tu = u - 50;
        const tv = v - 50;
        if (tu < 0 || tv < 0 || tu >= cols * 100 + 2 || tv >= rows * 30 + 2) continue;
        if (tu % 100 < 2 || tv % 30 < 2) data.fill(40, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    }
    return { width, height, data };
  }
  test("its rules are found on a page turned a few degrees", () => {
    const grid = findGrid(table(6, 4, 3), 3);
    expect(grid).not.toBeNull();
    expect(grid!.across).toHaveLength(7);
    expect(grid!.down).toHaveLength(5);
  });
  test("lines across alone (a notebook's ruling) are no table", () => {
    expect(findGrid(table(6, 0), 0)).toBeNull();
  });
  test("a text box in the table is kept within its cell and cut where a rule down crosses it", () => {
    const grid = findGrid(table(6, 4), 0)!;
    // A box reaching over the rule above its row and across the rule between columns 1 and 2.
    const over = [
      { x: 60, y: 80 },
      { x: 190, y: 80 },
      { x: 190, y: 112 },
      { x: 60, y: 112 },
    ] as never;
    const pieces = cellBoxes(grid, [over]);
    expect(pieces).toHaveLength(2);
    for (const q of pieces) {
      expect(Math.min(...q.map((p) => p.y))).toBeGreaterThan(81);
      expect(Math.max(...q.map((p) => p.y))).toBeLessThan(110);
    }
    expect(Math.max(...pieces[0]!.map((p) => p.x))).toBeLessThan(150);
    expect(Math.min(...pieces[1]!.map((p) => p.x))).toBeGreaterThan(151);
    expect(textAngle([over])).toBe(0);
  });
});
