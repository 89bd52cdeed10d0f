/** A chunk over a page break joins its pages' parts (pipeline/chunk.ts): split back, each cites its page. */
export interface PageText {
  page: number;
  text: string;
}

export function splitByPage(chunk: string, firstPage: number, pages: PageText[]): PageText[] {
  const inRange = pages.filter((p) => p.page >= firstPage).sort((a, b) => a.page - b.page);
  if (inRange.length < 2) return [{ page: firstPage, text: chunk }];
  const out: PageText[] = [];
  let rest = chunk;
  for (let i = 0; i < inRange.length; i++) {
    const p = inRange[i]!;
    if (i === inRange.length - 1 || !rest) {
      if (rest.trim()) out.push({ page: p.page, text: rest.trim() });
      break;
    }
    const len = i === 0 ? tailLength(p.text, rest) : p.text.length;
    if (len === null || !rest.startsWith(p.text.slice(p.text.length - len))) {
      // The page text does not line up (edited since?): keep the rest on this page rather than guess.
      out.push({ page: p.page, text: rest.trim() });
      break;
    }
    const part = rest.slice(0, len).trim();
    if (part) out.push({ page: p.page, text: part });
    rest = rest.slice(len).trimStart();
  }
  return out.length ? out : [{ page: firstPage, text: chunk }];
}

/** How many characters at the end of `page` the chunk starts with (the chunk began inside this page). */
function tailLength(page: string, chunk: string): number | null {
  const gap = chunk.indexOf("\n\n");
  const probe = chunk.slice(0, Math.min(40, gap > 0 ? gap : chunk.length));
  let from = page.indexOf(probe);
  while (from >= 0) {
    const tail = page.slice(from);
    if (chunk.startsWith(tail)) return tail.length;
    from = page.indexOf(probe, from + 1);
  }
  return null;
}
