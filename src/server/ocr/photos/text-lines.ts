import type { Point, Quad } from "./ppocr/boxes";
import type { ReadBox, ReadChar } from "./ppocr/recogniser";
import { type Bbox, type LineLike, perCharacter, type WordLike } from "./work-orders";

/**
 * The recogniser's boxes → lines of words, as a person reads the page. A photo may be sideways or upside down:
 * the page is turned the way most of its text runs (weighted by length), then boxes whose middles sit at about
 * the same height join one line, left to right (a row of a table, a label and the number beside it). Words
 * keep their boxes in the image's own pixels, for the overlay. Pure functions.
 */

export type Turn = 0 | 90 | 180 | 270;

export interface PageLines {
  lines: LineLike[];
  /** Clockwise degrees the image is turned to read it (RecognizeResult.rotation). */
  rotation: Turn;
}

/** The detector's boxes are grown around the text by about this much of its height, above and below. */
const TEXT_SHARE = 0.45;

export function linesOf(boxes: ReadBox[], size: { width: number; height: number }): PageLines {
  const rotation = pageTurn(boxes);
  const toPage = (p: Point) => turnPoint(p, rotation, size);
  const placed = boxes.map((box) => {
    const q = box.quad.map(toPage);
    const ys = q.map((p) => p.y);
    const height = Math.hypot(q[3]!.x - q[0]!.x, q[3]!.y - q[0]!.y);
    return {
      box,
      left: Math.min(...q.map((p) => p.x)),
      middle: (Math.min(...ys) + Math.max(...ys)) / 2,
      height,
    };
  });
  placed.sort((a, b) => a.middle - b.middle);
  const rows: (typeof placed)[] = [];
  for (const item of placed) {
    const row = rows.find((r) =>
      r.some((o) => Math.abs(o.middle - item.middle) < Math.min(o.height, item.height) * TEXT_SHARE * 0.5),
    );
    if (row) row.push(item);
    else rows.push([item]);
  }
  return {
    rotation,
    lines: rows.map((row) => ({
      words: row.sort((a, b) => a.left - b.left).flatMap((item) => wordsOf(item.box)),
    })),
  };
}

/** The words of one box, split at its spaces, each boxed on the image. */
export function wordsOf(box: ReadBox): WordLike[] {
  const words: WordLike[] = [];
  let run: ReadChar[] = [];
  const flush = () => {
    if (run.length) words.push(wordOf(box.quad, run));
    run = [];
  };
  for (const c of box.chars) {
    if (c.char === " ") flush();
    else run.push(c);
  }
  flush();
  return words;
}

function wordOf(quad: Quad, chars: ReadChar[]): WordLike {
  const [tl, tr, , bl] = quad;
  const length = Math.hypot(tr.x - tl.x, tr.y - tl.y) || 1;
  const tall = Math.hypot(bl.x - tl.x, bl.y - tl.y);
  const u = { x: (tr.x - tl.x) / length, y: (tr.y - tl.y) / length };
  const along = (c: ReadChar) => (c.x - tl.x) * u.x + (c.y - tl.y) * u.y;
  // Half a character either side of the first and last character's middles; the text's own height.
  const half = tall * TEXT_SHARE * 0.35;
  const from = along(chars[0]!) - half;
  const to = along(chars[chars.length - 1]!) + half;
  const top = tall * (0.5 - TEXT_SHARE / 2);
  const bottom = tall * (0.5 + TEXT_SHARE / 2);
  const v = { x: (bl.x - tl.x) / (tall || 1), y: (bl.y - tl.y) / (tall || 1) };
  const corner = (a: number, b: number) => ({ x: tl.x + u.x * a + v.x * b, y: tl.y + u.y * a + v.y * b });
  const probs = chars.map((c) => c.p);
  return {
    text: chars.map((c) => c.char).join(""),
    charProbabilities: probs,
    charRivals: chars.map((c) => (c.char >= "A" && c.char <= "Z" ? c.letters : c.digits)),
    confidence: 100 * perCharacter(probs),
    bbox: boundsOf([corner(from, top), corner(to, top), corner(to, bottom), corner(from, bottom)]),
  };
}

function boundsOf(points: Point[]): Bbox {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** The way most of the text runs: each box votes for the quarter its reading direction is nearest, by length. */
export function pageTurn(boxes: ReadBox[]): Turn {
  const votes = [0, 0, 0, 0];
  for (const { quad, chars } of boxes) {
    const [tl, tr] = quad;
    const degrees = (Math.atan2(tr.y - tl.y, tr.x - tl.x) * 180) / Math.PI;
    const quarter = ((Math.round(degrees / 90) % 4) + 4) % 4;
    votes[quarter]! += chars.length;
  }
  const runs = votes.indexOf(Math.max(...votes));
  // Text running down the page (a quarter clockwise) is read by turning the image three quarters, and so on.
  return (((4 - runs) % 4) * 90) as Turn;
}

/** A point of the image on the page turned `turn` degrees clockwise. */
function turnPoint(p: Point, turn: Turn, size: { width: number; height: number }): Point {
  switch (turn) {
    case 90:
      return { x: size.height - p.y, y: p.x };
    case 180:
      return { x: size.width - p.x, y: size.height - p.y };
    case 270:
      return { x: p.y, y: size.width - p.x };
    default:
      return p;
  }
}
