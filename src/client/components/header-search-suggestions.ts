import { ALL_NAV_ITEMS } from "@shared/navigation";
import { findWorkOrder, workOrderPath } from "@shared/work-orders";

/** One offer under the header search: a screen to open, or the dashboard search for the text. */
export interface Suggestion {
  key: string;
  kind: "screen" | "search" | "work-order";
  label: string;
  hint?: string;
  to: { to: string; search?: Record<string, string> };
}

/** At most this many screens are offered (the dashboard search comes after them). */
const MAX_SCREENS = 5;

/**
 * What the header search offers for `text`: a work order's page first when the text holds one, then the screens whose name starts with it or holds it, then those whose
 * description holds it (admin screens only for staff admins), and last the dashboard search for the text.
 */
export function suggestionsFor(text: string, admin: boolean): Suggestion[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const rank = (name: string, description: string) => {
    const n = name.toLowerCase();
    if (n.startsWith(q) || n.split(/\s+/).some((w) => w.startsWith(q))) return 0;
    if (n.includes(q)) return 1;
    return description.toLowerCase().includes(q) ? 2 : -1;
  };
  const screens = ALL_NAV_ITEMS.filter((i) => admin || i.access !== "admin")
    .map((i) => ({ i, r: rank(i.name, i.description) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r)
    .slice(0, MAX_SCREENS)
    .map(
      ({ i }): Suggestion => ({
        key: i.path,
        kind: "screen",
        label: i.name,
        hint: i.description,
        to: { to: i.path },
      }),
    );
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
  return [
    ...workOrder,
    ...screens,
    {
      key: "search",
      kind: "search",
      label: `Search the dashboard for “${text.trim()}”`,
      to: { to: "/", search: { search: text.trim() } },
    },
  ];
}
