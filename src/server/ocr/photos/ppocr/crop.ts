import type { Point, Quad } from "./boxes";

/** Decoded pixels, three channels (R, G, B) a pixel, rows top to bottom. */
export interface Rgb {
  data: Uint8Array;
  width: number;
  height: number;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Width and height of a box as its text reads (top edge, left edge; the longer of each opposite pair). */
export function quadSize(q: Quad) {
  return {
    width: Math.max(dist(q[0], q[1]), dist(q[3], q[2])),
    height: Math.max(dist(q[0], q[3]), dist(q[1], q[2])),
  };
}

/** The same box read a quarter turn anticlockwise (text running down the page) or half a turn (upside down). */
export const quarterTurn = (q: Quad): Quad => [q[1], q[2], q[3], q[0]];
export const halfTurn = (q: Quad): Quad => [q[2], q[3], q[0], q[1]];

/**
 * Sample the image inside `quad` into an `outW` × `outH` RGB crop, bilinear, edges repeated. When the crop is a
 * reduction (a tall label read at the recogniser's height), several samples a pixel average it, so thin strokes
 * are not lost between samples.
 */
export function sampleQuad(img: Rgb, quad: Quad, outW: number, outH: number): Uint8Array {
  const [tl, tr, , bl] = quad;
  const out = new Uint8Array(outW * outH * 3);
  const ux = (tr.x - tl.x) / outW;
  const uy = (tr.y - tl.y) / outW;
  const vx = (bl.x - tl.x) / outH;
  const vy = (bl.y - tl.y) / outH;
  const n = Math.max(1, Math.min(4, Math.ceil(Math.max(Math.hypot(ux, uy), Math.hypot(vx, vy)) - 0.25)));
  const { data, width, height } = img;
  const px = [0, 0, 0];
  for (let v = 0; v < outH; v++) {
    for (let u = 0; u < outW; u++) {
      px[0] = px[1] = px[2] = 0;
      for (let sv = 0; sv < n; sv++) {
        for (let su = 0; su < n; su++) {
          const fu = u + (su + 0.5) / n;
          const fv = v + (sv + 0.5) / n;
          // Source pixel centres sit at integer + 0.5.
          const x = tl.x + fu * ux + fv * vx - 0.5;
          const y = tl.y + fu * uy + fv * vy - 0.5;
          const x0 = Math.floor(x);
          const y0 = Math.floor(y);
          const fx = x - x0;
          const fy = y - y0;
          const xa = clampInt(x0, width);
          const xb = clampInt(x0 + 1, width);
          const ya = clampInt(y0, height);
          const yb = clampInt(y0 + 1, height);
          for (let c = 0; c < 3; c++) {
            const p00 = data[(ya * width + xa) * 3 + c]!;
            const p10 = data[(ya * width + xb) * 3 + c]!;
            const p01 = data[(yb * width + xa) * 3 + c]!;
            const p11 = data[(yb * width + xb) * 3 + c]!;
            px[c]! += (p00 * (1 - fx) + p10 * fx) * (1 - fy) + (p01 * (1 - fx) + p11 * fx) * fy;
          }
        }
      }
      const o = (v * outW + u) * 3;
      const k = n * n;
      out[o] = px[0]! / k;
      out[o + 1] = px[1]! / k;
      out[o + 2] = px[2]! / k;
    }
  }
  return out;
}

const clampInt = (v: number, size: number) => (v < 0 ? 0 : v >= size ? size - 1 : v);

/** A point of the crop (in its own pixels) back on the image. */
export function fromCrop(quad: Quad, outW: number, outH: number, u: number, v: number): Point {
  const [tl, tr, , bl] = quad;
  return {
    x: tl.x + (u / outW) * (tr.x - tl.x) + (v / outH) * (bl.x - tl.x),
    y: tl.y + (u / outW) * (tr.y - tl.y) + (v / outH) * (bl.y - tl.y),
  };
}
