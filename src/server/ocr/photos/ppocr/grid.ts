import type { Point } from "./boxes";
import type { Rgb } from "./crop";

/**
 * The ruled grid of a table (a register, a log sheet) on a photo, found from its lines: long thin dark runs
 * across and down the page, once the page is levelled by the angle its text runs at, each fitted with a
 * straight line (a page seen at an angle leaves them a little off level). Pure functions.
 */

/** The rules of a ruled table, on the page levelled by the text's angle, and the way between it and the image. */
export interface Grid {
  across: Rule[];
  down: Rule[];
  toImage(p: Point): Point;
  toLevel(p: Point): Point;
}

export interface Rule {
  /** Across: y = at + slope·x over [from, to]; down: x = at + slope·y over [from, to]. */
  at: number;
  slope: number;
  from: number;
  to: number;
}

/** A rule is at least this share of the page's width (across) or height (down). */
const MIN_RULE = { across: 0.25, down: 0.12 };
/** A dark pixel is this much darker than the mean around it (grey levels). */
const INK_CONTRAST = 14;
/** Runs this many pixels apart on a line still belong to it (a rule broken by glare or a letter's stroke). */
const GAP = 3;
/** A rule is a thin line: a band thicker than this is the edge of the page or a shadow. */
const MAX_THICKNESS = 6;
/** A table has at least this many rows between rules across and columns between rules down. */
const MIN_ROWS = 3;
const MIN_COLUMNS = 2;

/**
 * The table's rules, or null when the page has no ruled table: rules down (at least three: two columns) and
 * rules across that reach from the first to the last of them (at least four: three rows). Long lines alone
 * (a notebook's ruling, its margin) are no table. `degrees` is the text's angle on the image.
 */
export function findGrid(img: Rgb, degrees: number): Grid | null {
  const level = levelled(img, degrees);
  const ink = darkPixels(level);
  const down = rules(ink, level.width, level.height, true, MIN_RULE.down * level.height);
  if (down.length < MIN_COLUMNS + 1) return null;
  const left = down[0]!.at;
  const right = down[down.length - 1]!.at;
  const across = rules(ink, level.width, level.height, false, MIN_RULE.across * level.width).filter(
    (r) => r.from <= left + (right - left) * 0.1 && r.to >= right - (right - left) * 0.1,
  );
  if (across.length < MIN_ROWS + 1) return null;
  return { across, down, toImage: level.toImage, toLevel: level.toLevel };
}

/** Where a rule across is at `x`, or a rule down at `y` (levelled pixels); null past its ends. */
export function ruleAt(rule: Rule, pos: number, slack = 0): number | null {
  return pos >= rule.from - slack && pos <= rule.to + slack ? rule.at + rule.slope * pos : null;
}

interface Level {
  grey: Uint8Array;
  width: number;
  height: number;
  toImage(p: Point): Point;
  toLevel(p: Point): Point;
}

/** The image in grey, turned by `degrees` about its middle so its text runs level. */
function levelled(img: Rgb, degrees: number): Level {
  const t = (-degrees * Math.PI) / 180;
  const cos = Math.cos(t);
  const sin = Math.sin(t);
  const { width, height, data } = img;
  const cx = width / 2;
  const cy = height / 2;
  const grey = new Uint8Array(width * height).fill(255);
  // Each levelled pixel (u, v) is the image at the point turned back by the angle.
  const toImage = (p: Point): Point => ({
    x: cx + (p.x - cx) * cos + (p.y - cy) * sin,
    y: cy - (p.x - cx) * sin + (p.y - cy) * cos,
  });
  const toLevel = (p: Point): Point => ({
    x: cx + (p.x - cx) * cos - (p.y - cy) * sin,
    y: cy + (p.x - cx) * sin + (p.y - cy) * cos,
  });
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const { x, y } = toImage({ x: u, y: v });
      const xi = Math.round(x);
      const yi = Math.round(y);
      if (xi < 0 || yi < 0 || xi >= width || yi >= height) continue;
      const s = (yi * width + xi) * 3;
      grey[v * width + u] = (data[s]! * 77 + data[s + 1]! * 150 + data[s + 2]! * 29) >> 8;
    }
  }
  return { grey, width, height, toImage, toLevel };
}

/** Pixels darker than the mean of the square around them (15 px each way) by INK_CONTRAST. */
function darkPixels(level: Level): Uint8Array {
  const { grey, width, height } = level;
  const sum = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += grey[y * width + x]!;
      sum[(y + 1) * (width + 1) + x + 1] = sum[y * (width + 1) + x + 1]! + row;
    }
  }
  const R = 15;
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - R);
    const y1 = Math.min(height, y + R + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - R);
      const x1 = Math.min(width, x + R + 1);
      const total =
        sum[y1 * (width + 1) + x1]! -
        sum[y0 * (width + 1) + x1]! -
        sum[y1 * (width + 1) + x0]! +
        sum[y0 * (width + 1) + x0]!;
      const mean = total / ((x1 - x0) * (y1 - y0));
      ink[y * width + x] = grey[y * width + x]! < mean - INK_CONTRAST ? 1 : 0;
    }
  }
  return ink;
}

/**
 * Long straight dark lines, across (`down` false) or down the page: runs of ink along each row (column), joined
 * with their neighbours a row either side when they continue one another (a rule a little off level, or
 * thicker than a pixel), kept when they reach `minLength`; then a straight line fitted to each.
 */
function rules(ink: Uint8Array, width: number, height: number, down: boolean, minLength: number): Rule[] {
  const lines = down ? width : height;
  const along = down ? height : width;
  const at = (line: number, pos: number) => (down ? ink[pos * width + line]! : ink[line * width + pos]!);
  interface Chain {
    points: { pos: number; line: number; n: number }[];
    from: number;
    to: number;
    last: number;
  }
  const thickness = (c: Chain) => c.points.reduce((s, p) => s + p.n, 0) / Math.max(1, c.to - c.from);
  const open: Chain[] = [];
  const done: Chain[] = [];
  const minRun = Math.max(12, minLength / 8);
  for (let line = 0; line < lines; line++) {
    const runs: [number, number][] = [];
    let start = -1;
    let gap = 0;
    for (let pos = 0; pos <= along; pos++) {
      const dark = pos < along && at(line, pos) === 1;
      if (dark) {
        if (start < 0) start = pos;
        gap = 0;
      } else if (start >= 0 && ++gap > GAP) {
        const end = pos - gap;
        if (end - start >= minRun) runs.push([start, end]);
        start = -1;
      }
    }
    for (const [a, b] of runs) {
      const chain = open.find((c) => line - c.last <= 2 && a <= c.to + GAP && b >= c.from - GAP);
      const point = { pos: (a + b) / 2, line, n: b - a };
      if (chain) {
        chain.points.push(point);
        chain.from = Math.min(chain.from, a);
        chain.to = Math.max(chain.to, b);
        chain.last = line;
      } else open.push({ points: [point], from: a, to: b, last: line });
    }
    for (let i = open.length - 1; i >= 0; i--) {
      if (line - open[i]!.last > 2) done.push(...open.splice(i, 1));
    }
  }
  done.push(...open);
  const found = done.filter((c) => c.to - c.from >= minLength && thickness(c) <= MAX_THICKNESS).map(fit);
  found.sort((a, b) => a.at + a.slope * (a.from + a.to) * 0.5 - (b.at + b.slope * (b.from + b.to) * 0.5));
  // A thick rule can come out as two lines a pixel or two apart: one is enough.
  return found.filter((r, i) => i === 0 || Math.abs(middle(r) - middle(found[i - 1]!)) > GAP * 2);
}

const middle = (r: Rule) => r.at + r.slope * (r.from + r.to) * 0.5;

/** Least squares: the line's position across (`line`) as a function of the position along it, weighted by run length. */
function fit(chain: { points: { pos: number; line: number; n: number }[]; from: number; to: number }): Rule {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (const p of chain.points) {
    const w = p.n;
    sw += w;
    sx += w * p.pos;
    sy += w * p.line;
    sxx += w * p.pos * p.pos;
    sxy += w * p.pos * p.line;
  }
  const denom = sw * sxx - sx * sx;
  const slope = denom ? (sw * sxy - sx * sy) / denom : 0;
  return { at: (sy - slope * sx) / sw, slope, from: chain.from, to: chain.to };
}
