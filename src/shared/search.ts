import { z } from "zod";
import { stripInvisible } from "./invisible-text";
import { SEARCH_MIN_CHARS, SEARCH_TOO_SHORT } from "./list-total";

export { SEARCH_TOO_SHORT };

/**
 * One search across the portal (GET /api/search, tRPC search.all and search.suggest; the header search, the
 * dashboard box, /search?q= and the Work Orders finder). Each group comes from its own domain's service, so a
 * person sees in it exactly what that domain's screen would show them.
 */

export const SEARCH_KINDS = [
  "work_orders",
  "reports",
  "documents",
  "people",
  "tickets",
  "core_boxes",
  "binder",
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Each group's heading, in the order the groups are shown. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  work_orders: "Work orders",
  reports: "Reports",
  documents: "Document databases",
  people: "People",
  tickets: "IT tickets",
  core_boxes: "Core boxes",
  binder: "Reports binder",
};

export const SEARCH_MAX_CHARS = 200;
export const SEARCH_TOO_LONG = `Search text must be ${SEARCH_MAX_CHARS} characters or fewer.`;
export const SEARCH_EMPTY = "Type something to search for.";
/** Rows per group: the default, and the most one call may ask for. */
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;
export const SEARCH_LIMIT_RANGE = `limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}.`;
/**
 * A group's matches are counted up to this many; past it the count reads "50+" (`capped`). A search box needs
 * to know "there are more", never the exact size of a broad search over the archive.
 */
export const SEARCH_COUNT_CAP = 50;
/** How long the header, the dashboard and the finder wait after a key before they ask. */
export const SEARCH_DEBOUNCE_MS = 150;

/**
 * The search text: control characters (NUL included) and invisible characters become spaces and are trimmed;
 * empty or longer than SEARCH_MAX_CHARS is refused with a sentence.
 */
const query = z
  .string({ error: SEARCH_EMPTY })
  // Far too long is refused before any work on it.
  .max(SEARCH_MAX_CHARS * 8, SEARCH_TOO_LONG)
  .transform((s) =>
    stripInvisible(s)
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .trim(),
  )
  .refine((s) => s !== "", SEARCH_EMPTY)
  .refine((s) => [...s].length >= SEARCH_MIN_CHARS, SEARCH_TOO_SHORT)
  .refine((s) => [...s].length <= SEARCH_MAX_CHARS, SEARCH_TOO_LONG);

const limit = z.coerce
  .number({ error: SEARCH_LIMIT_RANGE })
  .int(SEARCH_LIMIT_RANGE)
  .min(1, SEARCH_LIMIT_RANGE)
  .max(SEARCH_MAX_LIMIT, SEARCH_LIMIT_RANGE)
  .default(SEARCH_DEFAULT_LIMIT);

export const searchInput = z.object({ q: query, limit });
export type SearchInput = z.infer<typeof searchInput>;

/** As-you-type: the same search, fewer rows, and only the groups a box of suggestions has room for. */
export const suggestInput = z.object({ q: query, limit: limit.default(3) });

/** The Work Orders finder: the register by number prefix, client or project name. */
export const workOrderFindInput = z.object({ q: query, limit: limit.default(10) });

/** A piece of the matched line; `hit` pieces are highlighted. Plain text, never HTML. */
export interface SearchSnippetPart {
  text: string;
  hit: boolean;
}

/** One result: what it is, the line that matched, and its place in the portal (an in-portal path). */
export interface SearchHit {
  /** Unique within its group. */
  key: string;
  title: string;
  /** A second line: the client and project of a work order, a report's work order, a person's title. */
  detail: string;
  snippet: SearchSnippetPart[];
  /** In-portal path with its search, e.g. "/work-orders/4321-07" or "/it-tickets?ticket=12". */
  link: string;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  /** Matches, counted up to SEARCH_COUNT_CAP (or the screen's own cap). */
  count: number;
  /** More match than `count`: show "50+". */
  capped: boolean;
  hits: SearchHit[];
  /** The screen that lists every match of this group for the same text. */
  more: string;
}

/** What a domain's find function answers; the aggregator adds the kind and label. */
export type FoundGroup = Omit<SearchGroup, "kind" | "label">;

export interface SearchResult {
  q: string;
  groups: SearchGroup[];
  /** Matches over all groups (each as counted above), and whether any group was capped. */
  total: number;
  capped: boolean;
}

/** A screen's total (perhaps capped at its own cap) as a group's count: at most SEARCH_COUNT_CAP. */
export const cappedCount = (total: number, capped = false) => ({
  count: Math.min(total, SEARCH_COUNT_CAP),
  capped: capped || total > SEARCH_COUNT_CAP,
});

/** "12" or "50+". */
export const countText = (g: { count: number; capped: boolean }) =>
  `${g.count.toLocaleString("en-US")}${g.capped ? "+" : ""}`;

/** The line as one plain piece (no highlight), for results whose match is a whole field. */
export const plainSnippet = (text: string): SearchSnippetPart[] => (text ? [{ text, hit: false }] : []);

/**
 * `text` cut into pieces with every case-insensitive occurrence of the query's words marked: a small helper
 * for fields (names, titles) shown whole. At most `max` characters, cut around the first hit.
 */
export function markWords(text: string, q: string, max = 160): SearchSnippetPart[] {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 0).slice(0, 8);
  let line = text.replace(/\s+/g, " ").trim();
  const lower = line.toLowerCase();
  const first = Math.min(...words.map((w) => lower.indexOf(w)).filter((i) => i >= 0), line.length);
  if (line.length > max) {
    const start = first > max / 2 ? first - Math.floor(max / 4) : 0;
    line = `${start > 0 ? "…" : ""}${line.slice(start, start + max)}${start + max < line.length ? "…" : ""}`;
  }
  if (!words.length) return plainSnippet(line);
  const pattern = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "giu");
  const parts: SearchSnippetPart[] = [];
  let last = 0;
  for (const m of line.matchAll(pattern)) {
    if (m.index > last) parts.push({ text: line.slice(last, m.index), hit: false });
    parts.push({ text: m[0], hit: true });
    last = m.index + m[0].length;
  }
  if (last < line.length) parts.push({ text: line.slice(last), hit: false });
  return parts;
}

/** A path with its search parameters (empty ones left out). */
export function pathWith(path: string, params: Record<string, string | number | undefined>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") s.set(k, String(v));
  const text = s.toString();
  return text ? `${path}?${text}` : path;
}

/** A result's in-portal path ("/it-tickets?ticket=12") as a router takes it: the path and its parameters apart. */
export function linkParts(link: string): { to: string; search?: Record<string, string> } {
  const url = new URL(link, "http://portal.invalid");
  const search = Object.fromEntries(url.searchParams);
  return Object.keys(search).length ? { to: url.pathname, search } : { to: url.pathname };
}

/**
 * Rows read up to SEARCH_COUNT_CAP + 1 in the group's order, as its count and its first `limit`: one bounded
 * read gives both, where a separate count would walk the same index again.
 */
export function countedRows<T>(rows: T[], limit: number) {
  return {
    count: Math.min(rows.length, SEARCH_COUNT_CAP),
    capped: rows.length > SEARCH_COUNT_CAP,
    rows: rows.slice(0, limit),
  };
}
