/**
 * Running headers and footers: the lines a document repeats at the top or bottom of its pages ("Geolabs, Inc. |
 * Quality Manual | Rev. 4", "QM-100   Page 5 of 7"). They are removed from each page's text before it is
 * chunked, so they are never searched for, quoted as an answer or glued to the sentence below them. A line counts
 * as running when, with its numbers ignored, it is among the first or last EDGE lines of at least half the
 * document's pages (and of three pages at least).
 */
const EDGE = 2;
const MIN_PAGES = 3;

const key = (line: string) => line.replace(/\d+/g, "#").replace(/\s+/g, " ").trim().toLowerCase();

export function stripRunningLines(pages: string[]): string[] {
  if (pages.length < MIN_PAGES) return pages;
  const edges = pages.map((text) => {
    const lines = text.split("\n");
    const at = new Set<number>();
    for (let i = 0; i < Math.min(EDGE, lines.length); i++) at.add(i);
    for (let i = Math.max(0, lines.length - EDGE); i < lines.length; i++) at.add(i);
    return { lines, at };
  });
  const seen = new Map<string, number>();
  for (const { lines, at } of edges) {
    const here = new Set([...at].map((i) => key(lines[i]!)).filter(Boolean));
    for (const k of here) seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  const needed = Math.max(MIN_PAGES, Math.ceil(pages.length / 2));
  const running = new Set([...seen].filter(([, n]) => n >= needed).map(([k]) => k));
  if (!running.size) return pages;
  return edges.map(({ lines, at }) =>
    lines
      .filter((line, i) => !(at.has(i) && running.has(key(line))))
      .join("\n")
      .trim(),
  );
}
