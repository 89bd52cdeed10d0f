/**
 * Pixel work sharp has no single call for, on 8-bit greyscale buffers: evening out uneven light, measuring
 * noise, and finding how far the text lines are skewed. Plain loops: the images are a few megapixels at most.
 */
export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Flat-field correction: divide by the paper's own brightness (`background`, the page with its text removed),
 * so a page lit from one side reads as white paper with dark text everywhere. Backgrounds darker than `floor`
 * (a desk, the shadow beside the page) are brightened no more than that: multiplying their grain would make it
 * look like writing.
 */
export function evenLight(img: Grey, background: Grey, floor = 96): Grey {
  // 255 / brightness in 16.16 fixed point, once per level: the loop is over millions of pixels.
  const gain = new Uint32Array(256);
  for (let b = 0; b < 256; b++) gain[b] = Math.round((255 * 65536) / Math.max(floor, b, 1));
  const out = new Uint8Array(img.data.length);
  const src = img.data;
  const bg = background.data;
  for (let i = 0; i < out.length; i++) {
    const v = (src[i]! * gain[bg[i]!]! + 32768) >>> 16;
    out[i] = Math.min(v, 255);
  }
  return { ...img, data: out };
}

export interface Layout {
  /** Clockwise skew of the lines (sharp's rotate(degrees) would have made them so from level). */
  degrees: number;
  /** Columns of ink are sharper than rows: the text runs up or down the page (a quarter turn off). */
  sideways: boolean;
}

/**
 * Skew of the text by projection profiles of points on it (`points` holds x, y pairs: the feet of the
 * characters): the points are projected onto the vertical axis at each candidate angle, and the angle at which
 * rows of text and the gaps between them are sharpest (largest sum of squares) wins. Done across the page as
 * well, the columns winning means the text runs up or down.
 */
export function layoutOf(points: Int32Array, width: number, height: number, maxDegrees = 12): Layout {
  if (points.length < 20) return { degrees: 0, sideways: false };
  const rows = bestAngle(points, height, maxDegrees);
  const cols = bestAngle(points, width, maxDegrees, true);
  return { degrees: rows.angle, sideways: cols.score > rows.score * 1.2 };
}

/** Points projected across lines at `deg` degrees: one bin per pixel row. */
function profile(pts: Int32Array, span: number, deg: number, transpose = false): Float64Array {
  const t = (deg * Math.PI) / 180;
  const sin = Math.sin(t);
  const cos = Math.cos(t);
  const pad = Math.ceil(span * 0.5);
  const bins = new Float64Array(span * 2 + pad * 2);
  for (let i = 0; i < pts.length; i += 2) {
    const x = transpose ? pts[i + 1]! : pts[i]!;
    const y = transpose ? pts[i]! : pts[i + 1]!;
    const b = Math.round(y * cos - x * sin) + pad;
    if (b >= 0 && b < bins.length) bins[b]!++;
  }
  return bins;
}

function bestAngle(pts: Int32Array, span: number, maxDegrees: number, transpose = false) {
  const score = (deg: number) => {
    let s = 0;
    for (const v of profile(pts, span, deg, transpose)) s += v * v;
    return s;
  };
  let best = { angle: 0, score: score(0) };
  for (let d = -maxDegrees; d <= maxDegrees; d += 1) {
    const s = score(d);
    if (s > best.score) best = { angle: d, score: s };
  }
  for (let d = best.angle - 0.75; d <= best.angle + 0.75; d += 0.25) {
    const s = score(d);
    if (s > best.score) best = { angle: d, score: s };
  }
  return best;
}

/** Brightest pixel within `radius` (a max filter): removes dark text and leaves the paper's light. */
export function maxFilter(img: Grey, radius: number): Grey {
  const { data, width, height } = img;
  const rows = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let k = Math.max(0, x - radius); k <= Math.min(width - 1, x + radius); k++)
        m = Math.max(m, data[y * width + k]!);
      rows[y * width + x] = m;
    }
  }
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let k = Math.max(0, y - radius); k <= Math.min(height - 1, y + radius); k++)
        m = Math.max(m, rows[k * width + x]!);
      out[y * width + x] = m;
    }
  }
  return { ...img, data: out };
}

/** `v` held within [lo, hi]. */
export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Grey pixels (one byte each, row by row) as a PGM file: a short header, nothing to encode or decode. */
export const pgm = (width: number, height: number, pixels: Uint8Array) =>
  Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, "latin1"), pixels]);
