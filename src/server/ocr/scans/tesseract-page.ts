import type { Page } from "tesseract.js";
import type { OcrLine, OcrPage, OcrWord } from "./pool";

/** tesseract.js's block → paragraph → line → word tree, flattened to the lines and words callers use. */
export function pageFromTesseract(data: Page, ms: number): OcrPage {
  const lines: OcrLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words: OcrWord[] = line.words
          .filter((w) => w.text.trim())
          .map((w) => ({ text: w.text, confidence: w.confidence, bbox: { ...w.bbox } }));
        if (words.length) {
          lines.push({ text: line.text.trim(), confidence: line.confidence, bbox: { ...line.bbox }, words });
        }
      }
    }
  }
  return {
    text: data.text,
    confidence: data.confidence,
    lines,
    words: lines.flatMap((l) => l.words),
    ms: Math.round(ms),
  };
}
