import type SharpModule from "sharp";
import { AppError } from "../lib/errors";
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

let sharp: typeof SharpModule;

export async function ocrPageImage(ocr: OcrPool, png: Uint8Array, signal?: AbortSignal): Promise<string> {
  sharp ??= (await import("sharp")).default;
  const meta = await sharp(png).metadata();
  const width = Math.max(1, Math.round((meta.width ?? 0) * (OCR_DPI / 300)));
  // Handed over as a PGM (a short header on raw grey pixels): nothing to encode here and decode in the worker.
  const { data, info } = await sharp(png)
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize({ width, kernel: "lanczos3" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pgm = Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, "latin1"), data]);
  // The shared reader refuses work when its queue is full (work-order scans have priority): wait and retry.
  for (let attempt = 0; ; attempt++) {
    try {
      return (await ocr.recognize(pgm)).text;
    } catch (err) {
      const busy = err instanceof AppError && err.code === "SERVICE_UNAVAILABLE" && /busy/i.test(err.message);
      if (!busy || attempt >= 20 || signal?.aborted) throw err;
      await Bun.sleep(500);
    }
  }
}

/** A page with fewer visible characters than this has no usable text layer (blank, or a scan). */
export const MIN_TEXT_CHARS = 16;
export const needsOcr = (text: string) => text.replace(/\s+/g, "").length < MIN_TEXT_CHARS;
