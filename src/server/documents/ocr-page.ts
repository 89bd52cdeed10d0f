import type SharpModule from "sharp";
import type { OcrPool } from "../ocr/pool";

/**
 * Scanned pages are rendered at 300 dpi, the resolution scans are made at, so the embedded image keeps its
 * detail; the OCR step then reduces the render to 180 dpi with a Lanczos filter before recognition. Printed text
 * from 7 pt up reads as well there (measured on test pages: every word of 8–12 pt text, 97–100% at 7 pt) and
 * tesseract.js, which costs about 1.5× the native engine per pixel, has a third of the pixels to read. The
 * photo preparation of work-order scans (light, skew, line height) is not needed for rendered pages.
 */
export const OCR_RENDER_SCALE = 300 / 72;
const OCR_DPI = 180;
/** A rendered page with fewer dark pixels than this share is blank: nothing to read. */
const INK_SHARE = 0.0005;

let sharp: typeof SharpModule;

/**
 * The scale a page of `width` × `height` points is rendered at: `scale`, or less when that would pass
 * `maxPixels` (a poster-sized page is read at a lower resolution rather than filling memory).
 */
export function renderScale(width: number, height: number, scale: number, maxPixels: number): number {
  const pixels = width * scale * height * scale;
  return pixels <= maxPixels ? scale : scale * Math.sqrt(maxPixels / pixels);
}

/** The text of a rendered page (RGBA pixels at OCR_RENDER_SCALE), "" for a blank one. */
export async function ocrPageText(
  ocr: OcrPool,
  page: { data: Buffer; width: number; height: number },
): Promise<string> {
  sharp ??= (await import("sharp")).default;
  const width = Math.max(1, Math.round(page.width * (OCR_DPI / 300)));
  // Handed over as a PGM (a short header on raw grey pixels): nothing to encode here and decode in the worker.
  const { data, info } = await sharp(page.data, {
    raw: { width: page.width, height: page.height, channels: 4 },
  })
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize({ width, kernel: "lanczos3" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i++) if (data[i]! < 160) ink++;
  if (ink < data.length * INK_SHARE) return "";
  const pgm = Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, "latin1"), data]);
  return (await ocr.recognize(pgm)).text;
}

/** A page with fewer visible characters than this has no usable text layer (blank, or a scan). */
export const MIN_TEXT_CHARS = 16;
export const needsOcr = (text: string) => text.replace(/\s+/g, "").length < MIN_TEXT_CHARS;
