import type { OcrPool } from "./pool";
import { prepareImage } from "./preprocess";

/**
 * Scanned pages are rendered at 300 dpi, the resolution scans are made at, so the embedded image keeps its
 * detail; the OCR step then prepares the render as it does a photo (light, skew, crop, character size).
 */
export const OCR_RENDER_SCALE = 300 / 72;
/** A rendered page with fewer dark pixels than this share is blank: nothing to read. */
const INK_SHARE = 0.0005;
/** Printed characters read as well at this height as at a photo's, with fewer pixels to read. */
const PRINTED_GLYPH = 16;
/** A page of print is measured (light, skew, character size) on a copy this large: enough, and quick. */
const PAGE_ANALYSIS_SIDE = 1000;

/**
 * The scale a page of `width` × `height` points is rendered at: `scale`, or less when that would pass
 * `maxPixels` (a poster-sized page is read at a lower resolution rather than filling memory).
 */
export function renderScale(width: number, height: number, scale: number, maxPixels: number): number {
  const pixels = width * scale * height * scale;
  return pixels <= maxPixels ? scale : scale * Math.sqrt(maxPixels / pixels);
}

/**
 * The text of a rendered page (RGBA pixels at OCR_RENDER_SCALE), "" for a blank one. The page is prepared as a
 * photo of paper is (ocr/scans/preprocess.ts): a scan may be a phone picture of a page, lit from one side and a few
 * degrees off, and a clean scan only gets cropped to its text and scaled to the size tesseract reads best.
 */
export async function ocrPageText(
  ocr: OcrPool,
  page: { data: Buffer; width: number; height: number },
): Promise<string> {
  let ink = 0;
  for (let i = 0; i < page.data.length; i += 16) if (page.data[i]! < 160) ink++;
  if (ink < (page.data.length / 16) * INK_SHARE) return "";
  const prepared = await prepareImage(page.data, page, 0, Number.POSITIVE_INFINITY, {
    raw: { channels: 4 },
    glyph: PRINTED_GLYPH,
    analysisSide: PAGE_ANALYSIS_SIDE,
  });
  return (await ocr.recognize(prepared.data)).text;
}

/** A page with fewer visible characters than this has no usable text layer (blank, or a scan). */
export const MIN_TEXT_CHARS = 16;
export const needsOcr = (text: string) => text.replace(/\s+/g, "").length < MIN_TEXT_CHARS;
