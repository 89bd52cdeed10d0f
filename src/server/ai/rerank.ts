import { fold, type QueryTerm, stem } from "./fts-query";

/**
 * BM25 over a few hundred candidate chunks in JavaScript: a large collection's second stage, after the first
 * searched for the rarer terms only. The weights are the whole index's, so the order matches FTS5's.
 */
const K1 = 1.2;
const B = 0.75;
const WORD = /[\p{L}\p{N}]+/gu;

export interface Candidate {
  id: number;
  text: string;
}

function stemCounts(text: string, wanted: Set<string>, prefixes: Set<string>) {
  const counts = new Map<string, number>();
  let length = 0;
  for (const token of fold(text).match(WORD) ?? []) {
    length++;
    // Stemming is the costly part: only words that could be a wanted stem are stemmed.
    if (!prefixes.has(token.slice(0, 3))) continue;
    const s = stem(token);
    if (wanted.has(s)) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return { counts, length };
}

export function rerank(candidates: Candidate[], terms: QueryTerm[], chunks: number): number[] {
  const wanted = new Set(terms.flatMap((t) => t.stems));
  const prefixes = new Set([...wanted].map((s) => s.slice(0, 3)));
  const docs = candidates.map((c) => ({ id: c.id, ...stemCounts(c.text, wanted, prefixes) }));
  const avg = docs.reduce((n, d) => n + d.length, 0) / (docs.length || 1);
  const scored = docs.map((d) => {
    let score = 0;
    terms.forEach((t) => {
      // A term (or a work order's phrase) counts as often as its least frequent word appears.
      const tf = Math.min(...t.stems.map((s) => d.counts.get(s) ?? 0));
      if (!tf) return;
      const df = Math.max(1, t.df ?? 1);
      const idf = Math.log(1 + (chunks - df + 0.5) / (df + 0.5));
      score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.length) / (avg || 1)));
    });
    return { id: d.id, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((s) => s.id);
}
