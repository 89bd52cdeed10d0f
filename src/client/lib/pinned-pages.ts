import { type PinnedPage, pushRecent, STORAGE_KEYS, toggleFavorite } from "@shared/dashboard";
import { NAV_GROUPS } from "@shared/navigation";
import { useLocalStorage } from "./use-local-storage";

const isPinnedList = (v: unknown) =>
  Array.isArray(v) && v.every((e) => e && typeof e.path === "string" && typeof e.name === "string");
const EMPTY: PinnedPage[] = [];

export function pinnedEntry(path: string): PinnedPage | null {
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
