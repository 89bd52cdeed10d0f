import { describe, expect, test } from "bun:test";
import type { Quad } from "@server/ocr/photos/ppocr/boxes";
import {
  DETECTOR_SIDE,
  hasContrast,
  MIN_CONTRAST,
  readPhoto,
  WORK_PIXELS,
} from "@server/ocr/photos/ppocr/read-photo";
import type { Recogniser } from "@server/ocr/photos/ppocr/recogniser";
import sharp from "sharp";

/**
 * readPhoto's steps with a recogniser that records what it was given: which images the detector looked at,
 * and where the boxes it reports end up. The real recogniser is exercised by tests/rest/ocr-drawn-photos.test.ts.
 */
function recording(found: Quad[]) {
  const seen = {
    detected: [] as { width: number; height: number }[],
    read: [] as { size: number[]; quads: Quad[] }[],
  };
  const recogniser: Recogniser = {
    async detect(img) {
      seen.detected.push({ width: img.width, height: img.height });
      return found;
    },
    async readFound(img, quads) {
      seen.read.push({ size: [img.width, img.height], quads });
      return quads.map((quad) => ({ quad, chars: [{ ...quad[0], char: "7", p: 0.9 }] as never }));
    },
    read: () => Promise.reject(new Error("not used")),
    readBoxes: () => Promise.reject(new Error("not used")),
  };
  return { recogniser, seen };
}

const png = (width: number, height: number, svg = "") =>
  sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite(
      svg
        ? [
            {
              input: Buffer.from(
                `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${svg}</svg>`,
              ),
            },
          ]
        : [],
    )
    .png()
    .toBuffer();

const square = (x: number, y: number, s: number): Quad => [
  { x, y },
  { x: x + s, y },
  { x: x + s, y: y + s },
  { x, y: y + s },
];

describe("what a photo costs to read", () => {
  test("a flat page is answered without the detector's look, at the detector's size", async () => {
    const { recogniser, seen } = recording([square(10, 10, 20)]);
    const reading = await readPhoto(recogniser, await png(6000, 6000), 100_000_000);
    expect(reading.boxes).toEqual([]);
    expect(seen.detected).toEqual([]);
    expect(Math.max(reading.worked.width, reading.worked.height)).toBeLessThanOrEqual(DETECTOR_SIDE);
  });

  test("faint marks on the page are looked at: a step of a few grey levels is contrast", async () => {
    const faint = `<rect x="400" y="300" width="600" height="40" fill="rgb(${255 - MIN_CONTRAST - 4},${255 - MIN_CONTRAST - 4},${255 - MIN_CONTRAST - 4})"/>`;
    const { recogniser, seen } = recording([]);
    await readPhoto(recogniser, await png(2000, 1500, faint), 100_000_000);
    expect(seen.detected).toEqual([{ width: DETECTOR_SIDE, height: 960 }]);
  });

  test("text found at the detector's size is read at the working size, and answered in the photo's pixels", async () => {
    const mark = `<rect x="600" y="600" width="2400" height="300" fill="black"/>`;
    const { recogniser, seen } = recording([square(128, 128, 64)]);
    const reading = await readPhoto(recogniser, await png(6000, 4000, mark), 100_000_000);
    // Looked at 1280 × 853, read at 12 megapixels at most (4243 × 2828), never at the photo's 24.
    expect(seen.detected).toEqual([{ width: DETECTOR_SIDE, height: 853 }]);
    const [w, h] = seen.read[0]!.size as [number, number];
    expect(w * h).toBeLessThanOrEqual(WORK_PIXELS);
    expect(w).toBeGreaterThan(DETECTOR_SIDE);
    // The box moves with each size: 128 on the glance is 128 × w/1280 on the working image, 600 on the photo.
    expect(seen.read[0]!.quads[0]![0].x).toBeCloseTo((128 * w) / DETECTOR_SIDE, 0);
    expect(reading.boxes[0]!.quad[0].x).toBeCloseTo(600, 0);
    expect(reading.boxes[0]!.quad[2].y).toBeCloseTo(((128 + 64) * 4000) / 853, -1);
    expect({ width: reading.width, height: reading.height }).toEqual({ width: 6000, height: 4000 });
  });

  test("hasContrast: none on one colour, some on a step of MIN_CONTRAST", () => {
    const flat = { data: new Uint8Array(300).fill(200), width: 10, height: 10 };
    expect(hasContrast(flat)).toBe(false);
    flat.data.fill(200 - MIN_CONTRAST, 150, 153);
    expect(hasContrast(flat)).toBe(true);
  });
});
