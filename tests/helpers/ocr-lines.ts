/** A line as the OCR reads it, from [text, confidence] pairs: what the work-order rules take in. */
export const ocrLine = (...words: [text: string, confidence: number][]) => ({
  words: words.map(([text, confidence]) => ({ text, confidence })),
});
