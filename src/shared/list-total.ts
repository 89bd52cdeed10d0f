/**
 * Two product rules shared by the long lists (core boxes, reports binder), so broad searches stay cheap:
 * a search needs at least 2 characters, and a total counted past 10,000 matches reads "10,000+"
 * (docs/decisions/0032-one-list-engine.md).
 */
import { type Page, searchText } from "./common";

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_TOO_SHORT = `Type at least ${SEARCH_MIN_CHARS} characters to search.`;
/** What a search box needs before it searches (its `minChars`). */
export const SEARCH_MIN = { count: SEARCH_MIN_CHARS, hint: SEARCH_TOO_SHORT };
/** Matches are counted up to this many; past it the total shows as "10,000+". */
export const LIST_TOTAL_CAP = 10_000;

/** The search box's text: empty (no search) or at least SEARCH_MIN_CHARS characters. */
export const searchQuery = searchText.refine((s) => s === "" || [...s].length >= SEARCH_MIN_CHARS, {
  message: SEARCH_TOO_SHORT,
});

/** What the screen says instead of listing, when the search text is too short (null when it is fine). */
export const searchProblem = (q: string | undefined): string | null =>
  searchQuery.safeParse(q ?? "").success ? null : SEARCH_TOO_SHORT;

/** The search text a screen sends: none when it is too short (a link may carry one letter; the box says why). */
export const searchable = (q: string | undefined): string | undefined =>
  q && !searchProblem(q) ? q : undefined;

/**
 * A page of a long list. `total_capped`: more than LIST_TOTAL_CAP rows match, and `total` is LIST_TOTAL_CAP
 * (REST clients that page on `total` stop there; the screens show "10,000+").
 */
export interface ListPage<T> extends Page<T> {
  total_capped: boolean;
}

/** "1,234" or "10,000+". */
export const totalText = (page: { total: number; total_capped?: boolean }) =>
  `${page.total.toLocaleString("en-US")}${page.total_capped ? "+" : ""}`;
