/** Plain-string keys for fast search and sort in the browser (comparing with < beats a collator many times over). */

/** Lower-case without accents, so "anela" finds "Ánela". Plain ASCII (most text) skips the Unicode work. */
export const fold = (s: string) => {
  const lower = s.toLowerCase();
  return /[^\u0000-\u007f]/.test(lower) ? lower.normalize("NFD").replace(/\p{M}/gu, "") : lower;
};

/** Folded, with digit runs padded so "Kai 9" sorts before "Kai 10". */
export const naturalKey = (s: string) => {
  const k = fold(s.trim());
  return /\d/.test(k) ? k.replace(/\d+/g, (d) => d.padStart(12, "0")) : k;
};

export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The words of a search box, folded; every one must appear for a match. */
export const searchTerms = (query: string) => fold(query).split(/\s+/).filter(Boolean);
