import { ALL_NAV_ITEMS } from "@shared/navigation";
import { countText, linkParts, pathWith, type SearchKind, type SearchResult } from "@shared/search";
import { findWorkOrder, workOrderPath } from "@shared/work-orders";

/** One offer under the header search: a screen to open, a search result, or all the results for the text. */
export interface Suggestion {
  key: string;
  kind: "screen" | "search" | "work-order" | "result";
  label: string;
  hint?: string;
  /** The heading of the group this offer starts ("Reports · 12"); shown above it. */
  heading?: string;
  /** A result's kind (its icon). */
  of?: SearchKind;
  to: { to: string; search?: Record<string, string> };
}

/** At most this many screens are offered. */
const MAX_SCREENS = 5;

function screensFor(q: string, admin: boolean) {
  const rank = (name: string, description: string) => {
    const n = name.toLowerCase();
    if (n.startsWith(q) || n.split(/\s+/).some((w) => w.startsWith(q))) return 0;
    if (n.includes(q)) return 1;
    return description.toLowerCase().includes(q) ? 2 : -1;
  };
  return ALL_NAV_ITEMS.filter((i) => admin || i.access !== "admin")
    .map((i) => ({ i, r: rank(i.name, i.description) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r)
    .slice(0, MAX_SCREENS)
    .map(({ i, r }) => ({
      strong: r === 0,
      offer: {
        key: i.path,
        kind: "screen",
        label: i.name,
        hint: i.description,
        to: { to: i.path },
      } satisfies Suggestion,
    }));
}

/** The search's results as offers, each group's first one carrying the group's heading and count. */
function resultOffers(result: SearchResult | undefined): Suggestion[] {
  return (result?.groups ?? []).flatMap((g) =>
    g.hits.map(
      (h, i): Suggestion => ({
        key: `${g.kind}:${h.key}`,
        kind: "result",
        of: g.kind,
        label: h.title,
        hint: h.detail,
        ...(i === 0 ? { heading: `${g.label} · ${countText(g)}` } : {}),
        to: linkParts(h.link),
      }),
    ),
  );
}

/**
 * What the header search offers for `text`: a work order's page first when the text holds one, the screens
 * named so, then what the portal's search found (grouped, once it answers), then screens whose description
 * holds the text (admin screens only for staff admins), and last "See all results" (/search?q=).
 */
export function suggestionsFor(text: string, admin: boolean, result?: SearchResult): Suggestion[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const screens = screensFor(q, admin);
  const ref = findWorkOrder(text);
  const workOrder: Suggestion[] = ref
    ? [
        {
          key: "work-order",
          kind: "work-order",
          label: `Work order ${ref.work_order}`,
          hint: "Project, reports, binder rows, core boxes and history",
          to: { to: workOrderPath(ref.work_order) },
        },
      ]
    : [];
  const results = resultOffers(result).filter((o) => !workOrder.some((w) => w.to.to === o.to.to));
  const named = screens.filter((s) => s.strong).map((s) => s.offer);
  const others = screens.filter((s) => !s.strong).map((s) => s.offer);
  const tools = others.length ? [{ ...others[0]!, heading: "Tools" }, ...others.slice(1)] : [];
  return [
    ...workOrder,
    ...(named.length ? [{ ...named[0]!, heading: "Tools" }, ...named.slice(1)] : []),
    ...results,
    ...(named.length ? others : tools),
    {
      key: "search",
      kind: "search",
      label: `See all results for “${text.trim()}”`,
      to: linkParts(pathWith("/search", { q: text.trim() })),
    },
  ];
}
