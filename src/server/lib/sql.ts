import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** `%text%` for LIKE with the user's own % and _ taken literally. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text%` for prefix LIKE (uses an index on a NOCASE column or a case-folded column). */
export function prefixPattern(text: string) {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" over several columns, with the LIKE escape character declared. */
export function anyContains(columns: (SQLiteColumn | SQL)[], text: string): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const parts = columns.map((c) => sql`${c} like ${pattern} escape '\\'`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/**
 * Typed words as an FTS5 query where every word is a quoted prefix ("kapolei sch" → "kapolei"* "sch"*), all
 * required: quotes, brackets, `*`, NEAR and OR never reach the MATCH syntax. Null when nothing searchable.
 */
export function wordPrefixMatch(q: string, maxWords = 8): string | null {
  return wordMatch(q, maxWords, "*");
}

/** The same words as whole words ("kapolei sch" → "kapolei" "sch"): an index seek per word, no prefix expansion. */
export function wholeWordMatch(q: string, maxWords = 8): string | null {
  return wordMatch(q, maxWords, "");
}

function wordMatch(q: string, maxWords: number, suffix: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, maxWords)
        .map((w) => `"${w}"${suffix}`)
        .join(" ")
    : null;
}

/**
 * Whole words first: a prefix query over a large full-text index expands to every word it starts (tens of ms
 * for a common word), while whole words are one seek each. Run `whole`; only when it finds fewer than `enough`
 * rows (a word still being typed, or a rarer word) run `prefix`, whose rows include the whole words' too.
 */
export async function wholeWordsFirst<T>(
  run: (match: string) => Promise<T[]>,
  whole: string | null,
  prefix: string,
  enough: number,
): Promise<T[]> {
  if (whole && whole !== prefix) {
    const rows = await run(whole);
    if (rows.length >= enough) return rows;
  }
  return run(prefix);
}
