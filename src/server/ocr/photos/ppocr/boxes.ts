/**
 * Text boxes from the detector's probability map (the DB method of PP-OCR): threshold the map, take each connected
 * region, fit the smallest rotated rectangle around it, keep it when the map is confident inside it, and grow it
 * by the "unclip" distance (the detector is trained on text regions shrunk by that much). Pure functions.
 */

export interface Point {
  x: number;
  y: number;
}
/** A rotated rectangle as four corners: top-left, top-right, bottom-right, bottom-left (as the text reads). */
export type Quad = [Point, Point, Point, Point];
export interface TextBox {
  quad: Quad;
  /** Mean probability over the region found. */
  score: number;
}

export interface BoxOptions {
  /** A pixel is text above this probability. */
  threshold: number;
  /** A region is kept when its mean probability is at least this. */
  boxThreshold: number;
  /** How far to grow a rectangle: its area × ratio / perimeter. */
  unclipRatio: number;
  /** At most this many regions are looked at (largest first). */
  maxCandidates: number;
  /** Regions thinner than this (pixels of the map) are noise. */
  minSide: number;
}

export const DB_DEFAULTS: BoxOptions = {
  threshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  maxCandidates: 1000,
  minSide: 3,
};

/** Boxes on a map of `width` × `height` probabilities, in map coordinates. */
export function boxesFromMap(
  map: Float32Array,
  width: number,
  height: number,
  opts: BoxOptions = DB_DEFAULTS,
): TextBox[] {
  const regions = regionsOf(map, width, height, opts.threshold)
    .sort((a, b) => b.points.length - a.points.length)
    .slice(0, opts.maxCandidates);
  const out: TextBox[] = [];
  for (const { points, score } of regions) {
    const rect = minAreaRect(convexHull(points));
    if (Math.min(rect.w, rect.h) < opts.minSide) continue;
    if (score < opts.boxThreshold) continue;
    const grow = (rect.w * rect.h * opts.unclipRatio) / (2 * (rect.w + rect.h));
    const grown = { ...rect, w: rect.w + 2 * grow, h: rect.h + 2 * grow };
    if (Math.min(grown.w, grown.h) < opts.minSide + 2) continue;
    out.push({ quad: cornersOf(grown), score });
  }
  return out;
}

/**
 * Each 8-connected region above `threshold`: its boundary pixels (a region's hull is its boundary's hull, and
 * the boundary is far fewer points) and its mean probability. The mean is over the region itself, not its
 * rectangle (PaddleOCR's "slow" score): a line on a bowed page fills only part of its rectangle.
 */
function regionsOf(
  map: Float32Array,
  width: number,
  height: number,
  threshold: number,
): { points: Point[]; score: number }[] {
  const n = width * height;
  const label = new Int32Array(n);
  const stack = new Int32Array(n);
  const regions: { points: Point[]; score: number }[] = [];
  const on = (i: number) => map[i]! > threshold;
  for (let start = 0; start < n; start++) {
    if (label[start] || !on(start)) continue;
    const id = regions.length + 1;
    const points: Point[] = [];
    let sum = 0;
    let count = 0;
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    while (top) {
      const i = stack[--top]!;
      sum += map[i]!;
      count++;
      const x = i % width;
      const y = (i - x) / width;
      let edge = x === 0 || y === 0 || x === width - 1 || y === height - 1;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if ((!dx && !dy) || xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (!on(j)) {
            if (!dx || !dy) edge = true;
            continue;
          }
          if (!label[j]) {
            label[j] = id;
            stack[top++] = j;
          }
        }
      }
      if (edge) points.push({ x, y });
    }
    regions.push({ points, score: sum / count });
  }
  return regions;
}

/** Andrew's monotone chain. */
export function convexHull(points: Point[]): Point[] {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (p.length < 3) return p;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const pt of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, pt) <= 0)
      lower.pop();
    lower.push(pt);
  }
  const upper: Point[] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const pt = p[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, pt) <= 0)
      upper.pop();
    upper.push(pt);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** A rotated rectangle: centre, size along its own axes, and the direction of its width (radians). */
export interface Rect {
  cx: number;
  cy: number;
  w: number;
  h: number;
  angle: number;
}

/**
 * The smallest rectangle around a convex polygon: one of its sides lies along an edge of the polygon, so each
 * edge's direction is tried. Sizes are between pixel centres, as
 * OpenCV measures them (the thresholds and the unclip distance were set with it).
 */
export function minAreaRect(hull: Point[]): Rect {
  if (hull.length === 0) return { cx: 0, cy: 0, w: 0, h: 0, angle: 0 };
  let best: Rect | null = null;
  let bestArea = Number.POSITIVE_INFINITY;
  const edges = hull.length < 2 ? 1 : hull.length;
  for (let i = 0; i < edges; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    let angle = Math.atan2(b.y - a.y, b.x - a.x);
    if (hull.length < 2) angle = 0;
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * c + p.y * s;
      const v = -p.x * s + p.y * c;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const w = maxU - minU;
    const h = maxV - minV;
    if (w * h < bestArea) {
      bestArea = w * h;
      const u = (minU + maxU) / 2;
      const v = (minV + maxV) / 2;
      best = { cx: u * c - v * s, cy: u * s + v * c, w, h, angle };
    }
  }
  return normalise(best!);
}

/** Width along the direction nearest to left-to-right: text boxes are wider than tall unless the text turns. */
function normalise(r: Rect): Rect {
  let { w, h, angle } = r;
  // Bring the angle into (-45°, 45°], swapping sides when turning by a quarter.
  while (angle > Math.PI / 4) {
    angle -= Math.PI / 2;
    [w, h] = [h, w];
  }
  while (angle <= -Math.PI / 4) {
    angle += Math.PI / 2;
    [w, h] = [h, w];
  }
  return { ...r, w, h, angle };
}

export function cornersOf(r: Rect): Quad {
  const c = Math.cos(r.angle);
  const s = Math.sin(r.angle);
  const at = (u: number, v: number): Point => ({ x: r.cx + u * c - v * s, y: r.cy + u * s + v * c });
  const hw = r.w / 2;
  const hh = r.h / 2;
  return [at(-hw, -hh), at(hw, -hh), at(hw, hh), at(-hw, hh)];
}
