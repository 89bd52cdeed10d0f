import type { Grey } from "./pixels";

/**
 * Ink on a scanned page: which pixels are darker than the paper around them (adaptive binarisation), which
 * of them are ruled lines (table grids, notebook rules, form boxes, underlines) rather than writing, and how tall
 * the writing is. Plain loops over the analysis-size image (a megapixel or two).
 */

/**
 * Sauvola's threshold for every pixel: mean · (1 + k · (sd / 128 − 1)) over a (2r+1)² window, from integral images,
 * and at least `contrast` below that mean. A pixel below its threshold is ink, so text stays text under a shadow,
 * paper stays paper in a glare, and the grain of a desk or of cardboard is not taken for writing.
 */
export function sauvolaThreshold(img: Grey, radius: number, k = 0.25, contrast = 0): Grey {
  const { data, width: w, height: h } = img;
  const W = w + 1;
  const sum = new Float64Array(W * (h + 1));
  const sq = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let rs = 0;
    let rq = 0;
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x]!;
      rs += v;
      rq += v * v;
      sum[(y + 1) * W + x + 1] = sum[y * W + x + 1]! + rs;
      sq[(y + 1) * W + x + 1] = sq[y * W + x + 1]! + rq;
    }
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(h, y + radius + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(w, x + radius + 1);
      const n = (y1 - y0) * (x1 - x0);
      const s = sum[y1 * W + x1]! - sum[y0 * W + x1]! - sum[y1 * W + x0]! + sum[y0 * W + x0]!;
      const q = sq[y1 * W + x1]! - sq[y0 * W + x1]! - sq[y1 * W + x0]! + sq[y0 * W + x0]!;
      const mean = s / n;
      const sd = Math.sqrt(Math.max(0, q / n - mean * mean));
      const t = Math.min(mean * (1 + k * (sd / 128 - 1)), mean - contrast);
      out[y * w + x] = Math.max(0, Math.min(255, Math.round(t)));
    }
  }
  return { data: out, width: w, height: h };
}

/** 1 where the pixel is below its threshold (ink), 0 elsewhere. */
export function inkMask(img: Grey, threshold: Grey): Uint8Array {
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = img.data[i]! < threshold.data[i]! ? 1 : 0;
  return out;
}

/**
 * Ruled lines: long runs of thin ink, across (rows) or down (columns). Thin means the ink through the pixel at
 * right angles to the run is at most `thickness` long, so a ruled line stops where a character crosses it and the
 * character stays whole, and the middle of a line of text (full of upright strokes) is never a run. A run may
 * step one pixel aside (a line a little off level, or bowed by the camera) and skip a gap of two pixels (JPEG
 * and noise break thin lines); the ragged edge of a line found goes with it. Returns 1 on the pixels of runs at least `minRun` long.
 */
export function ruleMask(
  ink: Uint8Array,
  width: number,
  height: number,
  minRun: number,
  thickness: number,
): Uint8Array {
  const out = new Uint8Array(ink.length);
  const across = thinInk(ink, width, height, thickness, true);
  const down = thinInk(ink, width, height, thickness, false);
  markRuns(across, out, width, height, minRun, true);
  markRuns(down, out, width, height, minRun, false);
  return grow(out, ink, width, height);
}

/** The ragged edge of a ruled line goes with it: ink next to a marked pixel is marked too. */
function grow(mask: Uint8Array, ink: Uint8Array, width: number, height: number) {
  const out = mask.slice();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (out[i] || !ink[i]) continue;
      if (
        (x > 0 && mask[i - 1]) ||
        (x < width - 1 && mask[i + 1]) ||
        (y > 0 && mask[i - width]) ||
        (y < height - 1 && mask[i + width])
      )
        out[i] = 1;
    }
  }
  return out;
}

/** Ink whose run at right angles to the direction (vertical for `across`) is at most `thickness` long. */
function thinInk(ink: Uint8Array, width: number, height: number, thickness: number, across: boolean) {
  const out = new Uint8Array(ink.length);
  const [outer, inner] = across ? [width, height] : [height, width];
  const at = (o: number, n: number) => (across ? n * width + o : o * width + n);
  for (let o = 0; o < outer; o++) {
    let start = -1;
    for (let n = 0; n <= inner; n++) {
      const on = n < inner && ink[at(o, n)];
      if (on && start < 0) start = n;
      else if (!on && start >= 0) {
        if (n - start <= thickness) for (let k = start; k < n; k++) out[at(o, k)] = 1;
        start = -1;
      }
    }
  }
  return out;
}

function markRuns(
  thin: Uint8Array,
  out: Uint8Array,
  width: number,
  height: number,
  minRun: number,
  across: boolean,
) {
  const [outer, inner] = across ? [height, width] : [width, height];
  const at = (o: number, n: number) => (across ? o * width + n : n * width + o);
  const near = (o: number, n: number) =>
    thin[at(o, n)]! || (o > 0 && thin[at(o - 1, n)]!) || (o < outer - 1 && thin[at(o + 1, n)]!);
  for (let o = 0; o < outer; o++) {
    let start = -1;
    let gap = 0;
    for (let n = 0; n <= inner; n++) {
      if (n < inner && near(o, n)) {
        if (start < 0) start = n;
        gap = 0;
      } else if (start >= 0 && n < inner && gap < 2) {
        gap++;
      } else if (start >= 0) {
        const end = n - gap;
        if (end - start >= minRun) for (let k = start; k < end; k++) if (thin[at(o, k)]) out[at(o, k)] = 1;
        start = -1;
        gap = 0;
      }
    }
  }
}

export interface Component {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Ink pixels. */
  area: number;
}

/** 8-connected blobs of ink (two passes with union-find); `labels` holds each pixel's index into `list` + 1. */
export function components(ink: Uint8Array, width: number, height: number) {
  const labels = new Int32Array(ink.length);
  const parent: number[] = [0];
  const find = (a: number) => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!ink[i]) continue;
      let l = 0;
      const look = (j: number) => {
        const m = labels[j]!;
        if (!m) return;
        if (!l) l = m;
        else if (m !== l) union(l, m);
      };
      if (x > 0) look(i - 1);
      if (y > 0) {
        look(i - width);
        if (x > 0) look(i - width - 1);
        if (x < width - 1) look(i - width + 1);
      }
      if (!l) {
        l = parent.length;
        parent.push(l);
      }
      labels[i] = l;
    }
  }
  const index = new Int32Array(parent.length);
  const list: Component[] = [];
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (!l) continue;
    const r = find(l);
    if (!index[r]) {
      list.push({ x0: width, y0: height, x1: -1, y1: -1, area: 0 });
      index[r] = list.length;
    }
    const c = list[index[r]! - 1]!;
    const x = i % width;
    const y = (i - x) / width;
    if (x < c.x0) c.x0 = x;
    if (x > c.x1) c.x1 = x;
    if (y < c.y0) c.y0 = y;
    if (y > c.y1) c.y1 = y;
    c.area++;
    labels[i] = index[r]!;
  }
  return { labels, list };
}

/** Components shaped like a character (or a joined handwritten word): what the size of the writing is taken from. */
export function isGlyph(c: Component, maxHeight: number): boolean {
  const w = c.x1 - c.x0 + 1;
  const h = c.y1 - c.y0 + 1;
  if (h < 4 || h > maxHeight || c.area < 6 || w > h * 12) return false;
  // Thin strokes (l, 1, I) are solid; a solid block wider than a stroke is a blot, a hole or a shadow.
  return c.area / (w * h) < 0.85 || Math.min(w, h) <= h / 3;
}

/**
 * The height of the writing: the median glyph height, each glyph counted by its ink, so that a scatter of specks
 * (grain, dust, dots along a torn edge) cannot outvote a few words (0 when there are no glyphs).
 */
export function glyphHeight(list: Component[], maxHeight: number): number {
  const glyphs = list.filter((c) => isGlyph(c, maxHeight)).sort((a, b) => a.y1 - a.y0 - (b.y1 - b.y0));
  if (glyphs.length < 3) return 0;
  const total = glyphs.reduce((sum, c) => sum + c.area, 0);
  let seen = 0;
  for (const c of glyphs) {
    seen += c.area;
    if (seen * 2 >= total) return c.y1 - c.y0 + 1;
  }
  return 0;
}
