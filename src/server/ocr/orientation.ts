import { pgm } from "./pixels";
import type { OcrLine, OcrPage, OcrPool } from "./pool";
import type { PreparedImage } from "./preprocess";

/**
 * Whether a weak upright reading is worth reading again half a turn round. Reading the whole image again costs
 * as much as the first reading (seconds for a register), and handwriting reads weakly either way up, so most
 * retries were wasted. Instead the band of the page's densest lines is read upside down (a fraction of the
 * pixels) and compared with how the same lines read upright: a band that reads clearly worse upside down saves
 * the full reading; a better or a close one pays for it (the full readings then decide).
 */
export async function halfTurnMayReadBetter(
  pool: OcrPool,
  prep: Pick<PreparedImage, "data" | "width" | "height">,
  page: Pick<OcrPage, "lines">,
  score: (words: OcrPage["words"]) => number,
): Promise<boolean> {
  const band = densestBand(page.lines, prep.height);
  if (!band) return true;
  const upright = score(band.lines.flatMap((l) => l.words));
  const turned = await pool.recognize(turnedBand(prep, band.y0, band.y1), { psm: "11" });
  return score(turned.words) >= upright - MARGIN;
}

/** How much worse (mean word confidence) the turned band may read and still be tried: noise moves a band this much. */
const MARGIN = 5;
/** Lines in the band, and the band's height at most, as a share of the image. */
const BAND_LINES = 3;
const MAX_BAND_SHARE = 0.4;
const MIN_BAND = 24;

/** The run of BAND_LINES neighbouring lines holding the most letters and digits, with a little margin. */
function densestBand(lines: OcrLine[], height: number) {
  const weight = (l: OcrLine) => l.words.reduce((n, w) => n + w.text.replace(/[^A-Za-z0-9]/g, "").length, 0);
  const ordered = lines.filter((l) => weight(l) > 0).sort((a, b) => a.bbox.y0 - b.bbox.y0);
  if (!ordered.length) return null;
  let best = { from: 0, sum: -1 };
  for (let i = 0; i < ordered.length; i++) {
    const run = ordered.slice(i, i + BAND_LINES);
    const sum = run.reduce((n, l) => n + weight(l), 0);
    if (sum > best.sum) best = { from: i, sum };
  }
  const run = ordered.slice(best.from, best.from + BAND_LINES);
  const top = Math.min(...run.map((l) => l.bbox.y0));
  const bottom = Math.max(...run.map((l) => l.bbox.y1));
  const pad = Math.round((bottom - top) * 0.25) + 4;
  const y0 = Math.max(0, top - pad);
  const y1 = Math.min(height, bottom + pad, y0 + Math.round(height * MAX_BAND_SHARE));
  // A sliver is no test (and tesseract complains reading one): the full reading decides.
  return y1 - y0 >= MIN_BAND ? { y0, y1, lines: run } : null;
}

/** Rows y0..y1 of a prepared grey image (PGM), turned half round: the pixels in reverse order. */
function turnedBand(prep: Pick<PreparedImage, "data" | "width" | "height">, y0: number, y1: number) {
  const header = prep.data.length - prep.width * prep.height;
  const rows = prep.data.subarray(header + y0 * prep.width, header + y1 * prep.width);
  return pgm(prep.width, y1 - y0, Buffer.from(rows).reverse());
}
