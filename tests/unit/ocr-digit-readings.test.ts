import { describe, expect, test } from "bun:test";
import { readWorkOrderShapes } from "@server/ocr/photos/digit-readings";
import type { ReadChar } from "@server/ocr/photos/ppocr/recogniser";
import { MIN_CONFIDENCE } from "@server/ocr/photos/read-work-orders";
import { perCharacter } from "@server/ocr/photos/work-orders";

type Second = { digit?: string; digitP?: number; digitShare?: number; letter?: string; letterP?: number };

/** Characters as the recogniser gives them: each read outright (p 0.95), some with a second choice. */
function read(text: string, seconds: Record<number, Second> = {}): ReadChar[] {
  return [...text].map((char, i) => ({
    char,
    p: 0.95,
    step: i * 2,
    x: i * 10,
    y: 0,
    digit: "",
    digitP: 0,
    digitShare: 0,
    digits: [],
    letters: [],
    letter: "",
    letterP: 0,
    letterShare: 0,
    ...seconds[i],
    ...(seconds[i]?.letterP !== undefined ? { letterShare: 0.9 } : {}),
  }));
}
const text = (chars: ReadChar[]) => chars.map((c) => c.char).join("");

describe("where a work order's shape needs a digit, the recogniser's own second choice", () => {
  test("a letter taken for a handwritten digit is read as the digit, only as sure as the recogniser was of it", () => {
    const two = { digit: "2", digitP: 0.04, digitShare: 0.9 };
    const out = readWorkOrderShapes(read("29ZZ-11B Waipahu", { 2: two, 3: two }));
    expect(text(out)).toBe("2922-11B Waipahu");
    // Its own probability, not its share among the digits (0.9): the doubt at that place stays in the reading.
    expect(out[2]!.p).toBe(0.04);
    expect(out[0]!.p).toBe(0.95);
    expect(100 * perCharacter(out.slice(0, 8).map((c) => c.p))).toBeLessThan(MIN_CONFIDENCE);
  });
  test("in the two digits after the dash too, and before a suffix in brackets", () => {
    const seven = { digit: "7", digitP: 0.3, digitShare: 0.8 };
    expect(text(readWorkOrderShapes(read("5273-3T(E)", { 6: seven })))).toBe("5273-37(E)");
  });
  test("a letter the recogniser gave digits no weight stays a letter, and so no work order is made", () => {
    const none = { digit: "2", digitP: 0.001, digitShare: 0.5 };
    expect(text(readWorkOrderShapes(read("29ZZ-11", { 2: none, 3: none })))).toBe("29ZZ-11");
  });
  test("words stay words: fewer than half the places read as digits", () => {
    const maybe = { digit: "0", digitP: 0.2, digitShare: 0.5 };
    expect(text(readWorkOrderShapes(read("TANK-09", { 0: maybe, 1: maybe, 2: maybe, 3: maybe })))).toBe(
      "TANK-09",
    );
    expect(text(readWorkOrderShapes(read("SOIL BOSS", { 1: maybe, 6: maybe })))).toBe("SOIL BOSS");
  });
  test("a number glued to a digit before it is not a work order's start", () => {
    const two = { digit: "2", digitP: 0.2, digitShare: 0.9 };
    expect(text(readWorkOrderShapes(read("91234-5Z", { 7: two })))).toBe("91234-5Z");
  });
});

describe("where the suffix letter stands, a digit the recogniser thought might be a letter", () => {
  test("is read as the letter", () => {
    const b = { letter: "B", letterP: 0.3 };
    expect(text(readWorkOrderShapes(read("4460-018 DAGS", { 7: b })))).toBe("4460-01B DAGS");
    expect(text(readWorkOrderShapes(read("4257-07(8)", { 8: b })))).toBe("4257-07(B)");
  });
  test("in a bracket, as the likeliest letter however little weight it had, and offered for checking", () => {
    const b = { letter: "B", letterP: 0.002 };
    const out = readWorkOrderShapes(read("1870-34(9)", { 8: b }));
    expect(text(out)).toBe("1870-34(B)");
    // The letter carries the recogniser's 0.2%, so the reading falls under the bar: unsure, not found.
    expect(out[8]!.p).toBe(0.002);
    expect(100 * perCharacter(out.map((c) => c.p))).toBeLessThan(MIN_CONFIDENCE);
  });
  test("a sure letter in the bracket keeps the reading sure", () => {
    const b = { letter: "B", letterP: 0.9 };
    const out = readWorkOrderShapes(read("1870-34(9)", { 8: b }));
    expect(100 * perCharacter(out.map((c) => c.p))).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
  });
  test("but a third digit with no weight for a letter keeps the number longer (not a work order)", () => {
    const t = { letter: "T", letterP: 0.001 };
    expect(text(readWorkOrderShapes(read("1234-567", { 7: t })))).toBe("1234-567");
  });
});
