import { type PinnedPage, pushRecent, STORAGE_KEYS, toggleFavorite } from "@shared/dashboard";
import { NAV_GROUPS, navItemFor } from "@shared/navigation";
import { parseWorkOrder, workOrderPath } from "@shared/work-orders";
import { useLocalStorage } from "./use-local-storage";

const isPinnedList = (v: unknown) =>
  Array.isArray(v) && v.every((e) => e && typeof e.path === "string" && typeof e.name === "string");
const EMPTY: PinnedPage[] = [];

/** A work order page (/work-orders/4321-07A), named by its work order; its path spelled one way. */
function workOrderEntry(path: string): PinnedPage | null {
  const m = /^\/work-orders\/([^/]+)\/?$/.exec(path);
  if (!m) return null;
  let text: string;
  try {
    text = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  const ref = parseWorkOrder(text);
  if (!ref) return null;
  const parent = navItemFor("/work-orders")?.name ?? "Work Orders";
  return {
    path: workOrderPath(ref.work_order),
    name: `W.O. ${ref.work_order}`,
    parent,
    timestamp: Date.now(),
  };
}

export function pinnedEntry(path: string): PinnedPage | null {
  const wo = workOrderEntry(path);
  if (wo) return wo;
  for (const group of NAV_GROUPS) {
    const item = group.items.find((i) => i.path === path);
    if (item) return { path, name: item.name, parent: group.label, timestamp: Date.now() };
  }
  return null;
}

export function useFavorites() {
  const [favorites, setFavorites] = useLocalStorage<PinnedPage[]>(
    STORAGE_KEYS.favorites,
    EMPTY,
    isPinnedList,
  );
  const toggle = (path: string) => {
    const entry = pinnedEntry(path);
    if (entry) setFavorites((list) => toggleFavorite(list, entry));
  };
  return { favorites, toggle, isFavorite: (path: string) => favorites.some((f) => f.path === path) };
}

export function useRecents() {
  const [recents, setRecents] = useLocalStorage<PinnedPage[]>(STORAGE_KEYS.recents, EMPTY, isPinnedList);
  const visit = (path: string) => {
    const entry = pinnedEntry(path);
    if (entry && path !== "/") setRecents((list) => pushRecent(list, entry));
  };
  return { recents, visit };
}
