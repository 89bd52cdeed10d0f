/**
 * Ligatures and compatibility forms unfolded (NFKC: "ﬁ" → "fi", so search finds them), spaces and tabs collapsed,
 * at most one blank line, no trailing spaces: what pdf.js and OCR give is ragged.
 */
export function normalizePageText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t\f\v\u00a0]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
