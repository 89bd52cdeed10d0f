import type { SnippetPart } from "@shared/reports";
import { fold, STOP_WORDS, stem } from "../../ai/fts-query";

/**
 * What someone typed into the reports search, as a safe FTS5 query plus what the snippet highlights. Raw text
 * in MATCH is a syntax error as soon as it holds quotes, brackets or operators (`"foo AND (`), so the query is
 * rebuilt from words: every term is a quoted string (FTS5 reads no operators inside quotes), `"quoted text"`
 * and joined tokens (`1234-56A`, `B-1`) stay phrases, the terms are AND-ed (a search box narrows as you type),
 * and the last word, still being typed, is a prefix.
 */
export interface SearchTerm {
  /** Folded words; a phrase has several. */
  words: string[];
  prefix: boolean;
}

export interface ReportQuery {
  match: string;
  terms: SearchTerm[];
}

/** Runs of letters and digits: how the index's unicode61 tokenizer splits text. */
const WORD = /[\p{L}\p{N}]+/gu;
const MAX_TERMS = 16;
const MIN_PREFIX = 3;

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

export function reportQuery(input: string): ReportQuery | null {
  const text = input.slice(0, 400);
  const terms: (SearchTerm & { phrase: boolean })[] = [];
  let lastIndex = -1;
  for (const m of text.matchAll(/"([^"]*)"|[^\s"]+/g)) {
    const quoted = m[1] !== undefined;
    const words = fold(quoted ? m[1]! : m[0]).match(WORD) ?? [];
    if (!words.length) continue;
    terms.push({ words, prefix: false, phrase: quoted || words.length > 1 });
    if ((m.index ?? 0) + m[0].length === text.length && !quoted && words.length === 1)
      lastIndex = terms.length - 1;
  }
  const last = lastIndex >= 0 ? terms[lastIndex] : undefined;
  if (last && last.words[0]!.length >= MIN_PREFIX) last.prefix = true;
  // Stop words alone narrow nothing ("the report of"): dropped unless nothing else was typed.
  const content = terms.filter((t) => t.phrase || !STOP_WORDS.has(t.words[0]!));
  const kept = (content.length ? content : terms).slice(0, MAX_TERMS);
  if (!kept.length) return null;
  const match = kept.map((t) => `${quote(t.words.join(" "))}${t.prefix ? "*" : ""}`).join(" AND ");
  return { match, terms: kept.map(({ words, prefix }) => ({ words, prefix })) };
}

/** Does a word of the page match a term word (compared as the porter index compares them)? */
function matcher(terms: SearchTerm[]) {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const t of terms) {
    for (const w of t.words) exact.add(stem(w));
    if (t.prefix) prefixes.push(t.words[0]!, stem(t.words[0]!));
  }
  return (word: string) => {
    const f = fold(word);
    const s = stem(f);
    return exact.has(s) || prefixes.some((p) => f.startsWith(p) || s.startsWith(p));
  };
}

export const SNIPPET_CHARS = 240;
const LEAD = 60;

/**
 * A short piece of the page around the densest run of matching words, as plain-text pieces with the matches
 * marked. Never HTML: the screen renders each piece as a text node.
 */
export function snippetOf(pageText: string, terms: SearchTerm[], size = SNIPPET_CHARS): SnippetPart[] {
  const text = pageText.replace(/\s+/g, " ").trim();
  const isHit = matcher(terms);
  const hits: { start: number; end: number }[] = [];
  for (const m of text.matchAll(WORD)) {
    if (isHit(m[0])) hits.push({ start: m.index!, end: m.index! + m[0].length });
  }
  // The window starting at the hit with the most other hits within `size` characters after it.
  let best = 0;
  let bestCount = 0;
  for (let i = 0, j = 0; i < hits.length; i++) {
    while (j < hits.length && hits[j]!.end <= hits[i]!.start + size - LEAD) j++;
    if (j - i > bestCount) {
      bestCount = j - i;
      best = i;
    }
  }
  let start = hits.length ? Math.max(0, hits[best]!.start - LEAD) : 0;
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space >= 0 && space < hits[best]!.start ? space + 1 : start;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start) end = space;
  }
  const parts: SnippetPart[] = [];
  const push = (piece: string, hit: boolean) => {
    if (!piece) return;
    const prev = parts.at(-1);
    if (prev && prev.hit === hit) prev.text += piece;
    else parts.push({ text: piece, hit });
  };
  if (start > 0) push("…", false);
  let pos = start;
  for (const h of hits) {
    if (h.start < start || h.end > end) continue;
    push(text.slice(pos, h.start), false);
    push(text.slice(h.start, h.end), true);
    pos = h.end;
  }
  push(text.slice(pos, end), false);
  if (end < text.length) push("…", false);
  return parts;
}
