/** Dashboard rules shared by the screen and its tests: greeting, date phrasing, search, favorites/recents. */

export interface Kpi {
  value: number;
  /** Counts for the last 7 days, oldest first (the sparkline). */
  trend: number[];
}

export interface DashboardKpis {
  docsIndexed: Kpi;
  coreBoxes: Kpi;
  aiAnswersThisWeek: Kpi;
  openTasks: Kpi;
}

export const REPO_PAGE_SIZE = 6;
export const REPO_ERROR = "Couldn\u2019t load GitHub data.";
/** Returned when no GITHUB_REPO is configured: the dashboard then leaves the panel out. */
export const REPO_DISABLED = "disabled";

export interface RepoSummary {
  repo: { fullName: string; url: string; description: string | null; stars: number };
  commits: { sha: string; url: string; message: string; author: string; date: string }[];
  pulls: { number: number; title: string; url: string; user: string; date: string }[];
  languages: Record<string, number>;
  release: { name: string; tag: string; url: string; date: string } | null;
}

export type RepoSummaryResult = { ok: true; summary: RepoSummary } | { ok: false; error: string };

/** "Good night" before 05:00, "Good morning" before 12:00, "Good afternoon" before 18:00, else "Good evening". */
export function greeting(date: Date): string {
  const h = date.getHours();
  if (h < 5) return "Good night";
  if (h < 12) return "Good morning";
  if (h < 18) return "Good afternoon";
  return "Good evening";
}

export function firstName(name: string | null | undefined, email?: string | null): string {
  const fromName = name?.trim().split(/\s+/)[0];
  if (fromName) return fromName;
  const local = email?.split("@")[0]?.split(/[._-]/)[0];
  return local ? local[0]!.toUpperCase() + local.slice(1) : "there";
}

const DAY = 86_400_000;

/** today, yesterday, "N days ago" under 7 days, "N weeks ago" under 30 days, otherwise "N months ago". */
export function relativeDay(date: Date, now: Date = new Date()): string {
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / DAY);
  if (days <= 0) return "today";
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return `${weeks} ${weeks === 1 ? "week" : "weeks"} ago`;
  }
  const months = Math.max(1, Math.floor(days / 30));
  return `${months} ${months === 1 ? "month" : "months"} ago`;
}

/** Initials: first letters of the first two words of the name; else from the email; else "??". */
export function initials(name?: string | null, email?: string | null): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  const local = (email ?? "").split("@")[0] ?? "";
  const parts = local.split(/[._-]+/).filter(Boolean);
  if (parts.length >= 2) return (parts[0]![0]! + parts[1]![0]!).toUpperCase();
  if (parts.length === 1) return parts[0]!.slice(0, 2).toUpperCase();
  return "??";
}

export interface Subpage {
  name: string;
  path: string;
  description: string;
  disabled?: boolean;
}

export interface Category {
  id: string;
  label: string;
  sublabel: string;
  tag: "AI" | "Data" | "Ops" | "Analytics" | "Admin" | "IT";
  updated: string;
  icon: string;
  description: string;
  subpages: Subpage[];
}

export interface CategoryMatch {
  category: Category;
  /** Subpages to show: all of them when the category itself matches, else only the matching ones. */
  subpages: Subpage[];
}

/** Case-insensitive, trimmed search over label, sublabel, description, subpage name and description. */
export function searchCategories(categories: readonly Category[], query: string): CategoryMatch[] {
  const q = query.trim().toLowerCase();
  if (!q) return categories.map((category) => ({ category, subpages: category.subpages }));
  const hit = (s: string) => s.toLowerCase().includes(q);
  const out: CategoryMatch[] = [];
  for (const category of categories) {
    if (hit(category.label) || hit(category.sublabel) || hit(category.description)) {
      out.push({ category, subpages: category.subpages });
      continue;
    }
    const subpages = category.subpages.filter((s) => hit(s.name) || hit(s.description));
    if (subpages.length) out.push({ category, subpages });
  }
  return out;
}

/** Split text into parts for highlighting the (case-insensitive) query. */
export function highlightParts(text: string, query: string): { text: string; match: boolean }[] {
  const q = query.trim();
  if (!q) return [{ text, match: false }];
  const lower = text.toLowerCase();
  const needle = q.toLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (;;) {
    const i = lower.indexOf(needle, at);
    if (i < 0) break;
    if (i > at) parts.push({ text: text.slice(at, i), match: false });
    parts.push({ text: text.slice(i, i + needle.length), match: true });
    at = i + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

export interface PinnedPage {
  path: string;
  name: string;
  parent: string;
  timestamp: number;
}

/** Recently Used keeps this many pages, newest first, one entry per page (the server keeps it: pinned/service.ts). */
export const RECENTS_LIMIT = 8;
export const PINNED_SHOWN = 6;

/** A star given or taken away (what the dashboard shows at once, before the server answers). */
export function toggleFavorite(list: readonly PinnedPage[], entry: PinnedPage): PinnedPage[] {
  return list.some((e) => e.path === entry.path)
    ? list.filter((e) => e.path !== entry.path)
    : [...list, entry];
}

export const CARD_SIZES = ["normal", "wide", "tall", "big"] as const;
export type CardSize = (typeof CARD_SIZES)[number];
export function nextCardSize(size: CardSize): CardSize {
  return CARD_SIZES[(CARD_SIZES.indexOf(size) + 1) % CARD_SIZES.length]!;
}

/**
 * Local storage keys (spec: favorites v2, recents v2, layout order v1, card sizes v1). Favorites and recents moved
 * to the server; their keys are read once to import what a browser kept before (lib/pinned-pages.ts).
 */
export const STORAGE_KEYS = {
  favorites: "dashboard.favorites.v2",
  recents: "dashboard.recents.v2",
  layoutOrder: "dashboard.layoutOrder.v1",
  cardSizes: "dashboard.cardSizes.v1",
} as const;

/** Parse stored JSON; anything unparsable or of the wrong shape falls back to the default. */
export function parseStored<T>(raw: string | null, fallback: T, check: (v: unknown) => boolean): T {
  if (!raw) return fallback;
  try {
    const v = JSON.parse(raw);
    return check(v) ? (v as T) : fallback;
  } catch {
    return fallback;
  }
}
