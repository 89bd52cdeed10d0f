/**
 * Page-aware chunking: the document's pages are joined and cut into windows of about `size` characters that
 * overlap by about `overlap`, each cut at a paragraph, sentence or word boundary when one is near. Every chunk
 * remembers the first and last page it covers, so an answer can cite "page 12" (or "pages 12–13").
 */
export interface Chunk {
  ordinal: number;
  firstPage: number;
  lastPage: number;
  text: string;
}

export const CHUNK_SIZE = 1000;
export const CHUNK_OVERLAP = 150;
const PAGE_JOIN = "\n\n";

export function chunkPages(pages: string[], size = CHUNK_SIZE, overlap = CHUNK_OVERLAP): Chunk[] {
  const starts: number[] = [];
  let pos = 0;
  for (const p of pages) {
    starts.push(pos);
    pos += p.length + PAGE_JOIN.length;
  }
  const text = pages.join(PAGE_JOIN);
  // Page of a character offset: the last page starting at or before it.
  const pageAt = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };

  const chunks: Chunk[] = [];
  let start = skipSpace(text, 0);
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) end = breakPoint(text, start + Math.floor(size * 0.6), end);
    const raw = text.slice(start, end);
    const body = raw.trim();
    if (body) {
      const first = start + (raw.length - raw.trimStart().length);
      const last = start + raw.trimEnd().length - 1;
      chunks.push({ ordinal: chunks.length, firstPage: pageAt(first), lastPage: pageAt(last), text: body });
    }
    if (end >= text.length) break;
    // Step back by the overlap, then forward to the start of a word so no chunk begins mid-word.
    let next = end - overlap;
    if (next <= start) next = end;
    while (next < end && !/\s/.test(text[next - 1] ?? " ")) next++;
    start = skipSpace(text, next);
  }
  return chunks;
}

function skipSpace(text: string, i: number) {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/** The best place to cut in [min, max): after a paragraph, else a sentence, else a space; else at max. */
function breakPoint(text: string, min: number, max: number): number {
  const window = text.slice(min, max);
  const para = window.lastIndexOf("\n\n");
  if (para >= 0) return min + para + 2;
  const sentence = Math.max(
    window.lastIndexOf(". "),
    window.lastIndexOf(".\n"),
    window.lastIndexOf("? "),
    window.lastIndexOf("! "),
  );
  if (sentence >= 0) return min + sentence + 2;
  const space = Math.max(window.lastIndexOf(" "), window.lastIndexOf("\n"));
  if (space >= 0) return min + space + 1;
  return max;
}
