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
 * so a page lit from one side reads as white paper with dark text everywhere.
 */
export function evenLight(img: Grey, background: Grey): Grey {
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) {
    const bg = Math.max(16, background.data[i]!);
    out[i] = Math.min(255, Math.round((img.data[i]! * 255) / bg));
  }
  return { ...img, data: out };
}

/** Mean absolute difference between neighbours beyond what edges explain: ~1-3 clean, 8+ grainy. */
export function noiseLevel(img: Grey): number {
  const { data, width, height } = img;
  let sum = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y += 2) {
    for (let x = 1; x < width - 1; x += 2) {
      const i = y * width + x;
      const v = data[i]!;
      const around = (data[i - 1]! + data[i + 1]! + data[i - width]! + data[i + width]!) / 4;
      // Only light areas (paper): text edges are signal, not noise.
      if (around > 150) {
        sum += Math.abs(v - around);
        n++;
      }
    }
  }
  return n ? sum / n : 0;
}

export interface Layout {
  /** Clockwise skew of the lines (sharp's rotate(degrees) would have made them so from level). */
  degrees: number;
  /** Columns of ink are sharper than rows: the text runs up or down the page (a quarter turn off). */
  sideways: boolean;
  /** Typical height of a line of text in pixels (0 when no text was seen). */
  lineHeight: number;
}

/**
 * Skew and line height of the text, by projection profiles: dark pixels
 * are projected onto the vertical axis at each candidate angle, and the angle at which rows of text and the gaps
 * between them are sharpest (largest sum of squares) wins. The runs of busy rows at that angle give the height
 * of a line of text.
 */
export function estimateLayout(img: Grey, maxDegrees = 12): Layout {
  const points = darkPoints(img);
  if (points.length < 50) return { degrees: 0, sideways: false, lineHeight: 0 };
  const rows = bestAngle(points, img.height, maxDegrees);
  const cols = bestAngle(points, img.width, maxDegrees, true);
  return {
    degrees: rows.angle,
    sideways: cols.score > rows.score * 1.2,
    lineHeight: medianRun(profile(points, img.height, rows.angle)),
  };
}

/**
 * Median length of the runs of busy rows in a projection profile: the height of a line of text. "Busy" is
 * measured against the 90th percentile row, not the busiest, so a ruled line across a form does not hide the
 * text; runs taller than a quarter of the image (borders, photos) are not lines of text.
 */
function medianRun(bins: Float64Array): number {
  const filled = [...bins].filter((v) => v > 0).sort((a, b) => a - b);
  if (!filled.length) return 0;
  const threshold = Math.max(1, filled[Math.floor(filled.length * 0.9)]! * 0.1);
  const runs: number[] = [];
  let run = 0;
  const end = () => {
    if (run >= 3 && run < filled.length / 4) runs.push(run);
    run = 0;
  };
  for (const v of bins) {
    if (v > threshold) run++;
    else end();
  }
  end();
  if (!runs.length) return 0;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}

function darkPoints(img: Grey): Int32Array {
  const { data, width, height } = img;
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += data[i]!;
  const threshold = Math.min(128, (sum / data.length) * 0.6);
  const pts: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (data[y * width + x]! < threshold) pts.push(x, y);
  }
  return Int32Array.from(pts);
}

/** Dark pixels projected across lines at `deg` degrees: one bin per pixel row. */
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
