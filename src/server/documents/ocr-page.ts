import { AppError } from "../lib/errors";
import type { OcrPool } from "../ocr/pool";
import { inspectImage, prepareImage } from "../ocr/preprocess";

/**
 * Scanned pages are rendered at 300 dpi (the resolution scans are made at, so the embedded image keeps its
 * detail) and then go through the same preparation as photographed work orders: even light, level lines and
 * text scaled to the line height tesseract reads best, which also makes recognition several times faster than
 * reading the full-size render.
 */
export const OCR_RENDER_SCALE = 300 / 72;
const LIMITS = { maxBytes: 256 * 1024 * 1024, maxPixels: 120_000_000 };

export async function ocrPageImage(ocr: OcrPool, png: Uint8Array, signal?: AbortSignal): Promise<string> {
  const info = await inspectImage(png, LIMITS);
  const prep = await prepareImage(png, info, 0, LIMITS.maxPixels);
  // The shared reader refuses work when its queue is full (work-order scans have priority): wait and retry.
  for (let attempt = 0; ; attempt++) {
    try {
      return (await ocr.recognize(prep.data)).text;
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
