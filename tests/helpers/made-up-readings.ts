import type { Quad } from "@server/ocr/photos/ppocr/boxes";
import type { PhotoReader } from "@server/ocr/photos/ppocr/host";
import type { PhotoReading } from "@server/ocr/photos/ppocr/protocol";
import sharp from "sharp";

/**
 * What the photo reader would give for a label with one line "W.O. <number>", made up for tests of what follows
 * the recogniser (the register check): each digit read with probability `p`, except where `doubts` (by digit
 * index) names the other digits the recogniser weighed there and how much. Never an evaluation photo's reading.
 */
export function labelReading(
  number: string,
  doubts: Record<number, [string, number][]> = {},
  p = 0.98,
  width = 300,
): PhotoReading {
  const text = `W.O. ${number}`;
  let digit = -1;
  const chars = [...text].map((char, i) => {
    const isDigit = /\d/.test(char);
    if (isDigit) digit++;
    const others = isDigit ? (doubts[digit] ?? []) : [];
    const own = others.length ? 1 - others.reduce((s, [, q]) => s + q, 0) : p;
    return {
      char,
      p: own,
      step: i * 2,
      x: 10 + i * 12,
      y: 30,
      digit: isDigit ? char : "",
      digitP: isDigit ? own : 0,
      digitShare: isDigit ? own : 0,
      digits: isDigit ? [{ ch: char, p: own }, ...others.map(([ch, q]) => ({ ch, p: q }))] : [],
      letters: [],
      letter: "",
      letterP: 0,
      letterShare: 0,
    };
  });
  const right = 16 + text.length * 12;
  const quad: Quad = [
    { x: 4, y: 20 },
    { x: right, y: 20 },
    { x: right, y: 40 },
    { x: 4, y: 40 },
  ];
  return { width, height: 60, boxes: [{ quad, chars }], worked: { width, height: 60 }, ms: 1 };
}

/** A blank PNG of the given width (the image check reads its header; the made-up reader its width). */
export const blankPng = async (width = 300) =>
  new Uint8Array(
    await sharp({ create: { width, height: 60, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );

/** A photo reader answering the made-up reading given for each image width. */
export function madeUpReader(byWidth: Map<number, PhotoReading>): PhotoReader {
  return {
    async read(bytes) {
      const { width = 0 } = await sharp(bytes).metadata();
      const reading = byWidth.get(width);
      if (!reading) throw new Error(`no made-up reading for an image ${width} pixels wide`);
      return reading;
    },
    async warm() {},
    stats: () => ({ size: 1, workers: 1, busy: 0, queued: 0, pids: [] }),
    async terminate() {},
  };
}
