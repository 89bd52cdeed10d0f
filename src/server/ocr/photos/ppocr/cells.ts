import type { Quad } from "./boxes";
import { quadSize } from "./crop";
import { type Grid, ruleAt } from "./grid";

/**
 * A ruled table read cell by cell: each text box the detector found inside the table is kept within its cell,
 * up and down between the rules around it (off them) and cut where a rule down crosses it. So the
 * recogniser sees one cell's text alone, at the cell's height, without the rules; where a rule is missing
 * (glare, a shadow) the box stays as found. Boxes outside the table stay as they are. Pure functions.
 */

/** A cell's box keeps this share of the cell's height off each rule (rules are a pixel or two thick). */
const RULE_MARGIN = 0.08;
/** A box is fitted to the rules around it only when they are at most this many times its own height apart. */
const MAX_ROW = 2.2;

export function cellBoxes(grid: Grid, boxes: Quad[]): Quad[] {
  const left = grid.down[0]!.at;
  const right = grid.down[grid.down.length - 1]!.at;
  const top = Math.min(...grid.across.map((r) => r.at));
  const bottom = Math.max(...grid.across.map((r) => r.at));
  return boxes.flatMap((box) => {
    const q = box.map(grid.toLevel) as Quad;
    const x0 = Math.min(...q.map((p) => p.x));
    const x1 = Math.max(...q.map((p) => p.x));
    const y0 = Math.min(...q.map((p) => p.y));
    const y1 = Math.max(...q.map((p) => p.y));
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    if (cx < left || cx > right || cy < top || cy > bottom) return [box];
    const band = rowAround(grid, cx, cy, y1 - y0);
    if (!band) return [box];
    const margin = (band.below - band.above) * RULE_MARGIN;
    const upper = Math.max(y0, band.above + margin);
    const lower = Math.min(y1, band.below - margin);
    const cuts = grid.down
      .map((r) => ruleAt(r, cy))
      .filter((x): x is number => x !== null && x > x0 + 2 && x < x1 - 2);
    const edges = [x0, ...cuts, x1];
    const pieces: Quad[] = [];
    for (let i = 0; i + 1 < edges.length; i++) {
      const a = edges[i]! + (i ? margin : 0);
      const b = edges[i + 1]! - (i + 1 < edges.length - 1 ? margin : 0);
      if (b - a < (band.below - band.above) * 0.5) continue;
      const corner = (x: number, y: number) => grid.toImage({ x, y });
      pieces.push([corner(a, upper), corner(b, upper), corner(b, lower), corner(a, lower)]);
    }
    return pieces.length ? pieces : [box];
  });
}

/** The rules across just above and below a point, when they frame a row about the box's height. */
function rowAround(grid: Grid, x: number, y: number, height: number) {
  let above = Number.NEGATIVE_INFINITY;
  let below = Number.POSITIVE_INFINITY;
  for (const r of grid.across) {
    const at = ruleAt(r, x, height);
    if (at === null) continue;
    if (at < y && at > above) above = at;
    if (at > y && at < below) below = at;
  }
  if (!Number.isFinite(above) || !Number.isFinite(below) || below - above > height * MAX_ROW) return null;
  return { above, below };
}

/** The angle the text runs at (degrees, within ±45): the boxes' median, weighted by length. */
export function textAngle(boxes: Quad[]): number {
  const angles = boxes
    .map((q) => {
      let deg = (Math.atan2(q[1].y - q[0].y, q[1].x - q[0].x) * 180) / Math.PI;
      deg = ((((deg + 45) % 90) + 90) % 90) - 45;
      return { deg, weight: quadSize(q).width };
    })
    .sort((a, b) => a.deg - b.deg);
  const total = angles.reduce((s, a) => s + a.weight, 0);
  let run = 0;
  for (const a of angles) {
    run += a.weight;
    if (run >= total / 2) return a.deg;
  }
  return 0;
}
