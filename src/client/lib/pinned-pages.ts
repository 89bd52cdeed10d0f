/**
 * Favorites and Recently Used, kept per person on the server (tRPC `pinned`), so they follow the person to
 * any browser. The star changes at once (optimistic) and comes back if the server refuses. A browser's lists
 * from before (localStorage) are sent to the server once and then removed.
 */
import { type PinnedPage, STORAGE_KEYS, toggleFavorite } from "@shared/dashboard";
import { type PinnedLists, pinnedEntry } from "@shared/pinned";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { errorMessage } from "./api";
import { useAuth } from "./auth";
import { trpc } from "./trpc";

export { pinnedEntry };

const EMPTY: PinnedPage[] = [];
/** Stars sent and not answered yet: while any is, an answer does not overwrite the stars shown. */
let togglesInFlight = 0;

function usePinnedLists() {
  const { me } = useAuth();
  return trpc.pinned.list.useQuery(undefined, { enabled: !!me, staleTime: 60_000 });
}

export function useFavorites() {
  const utils = trpc.useUtils();
  const favorites = usePinnedLists().data?.favorites ?? EMPTY;
  const mutation = trpc.pinned.toggleFavorite.useMutation({
    onMutate: async ({ path }) => {
      togglesInFlight++;
      await utils.pinned.list.cancel();
      const before = utils.pinned.list.getData();
      const entry = pinnedEntry(path);
      if (before && entry)
        utils.pinned.list.setData(undefined, {
          ...before,
          favorites: toggleFavorite(before.favorites, { ...entry, timestamp: Date.now() }),
        });
      return { before };
    },
    onError: (err, _input, context) => {
      if (context?.before) utils.pinned.list.setData(undefined, context.before);
      toast.error(errorMessage(err, "Could not change the favorite."));
    },
    onSuccess: ({ favorites, recents }) => {
      if (togglesInFlight === 1) utils.pinned.list.setData(undefined, { favorites, recents });
    },
    onSettled: () => {
      togglesInFlight--;
    },
  });
  const toggle = (path: string) => {
    if (pinnedEntry(path)) mutation.mutate({ path });
  };
  return { favorites, toggle, isFavorite: (path: string) => favorites.some((f) => f.path === path) };
}

export function useRecents() {
  const utils = trpc.useUtils();
  const recents = usePinnedLists().data?.recents ?? EMPTY;
  const mutation = trpc.pinned.visit.useMutation({
    onSuccess: (lists: PinnedLists) => {
      if (togglesInFlight === 0) utils.pinned.list.setData(undefined, lists);
      // A work order page opened: the Work Orders screen's list changed.
      void utils.pinned.workOrders.invalidate();
    },
  });
  const visit = (path: string) => {
    // Only pages the server keeps: the dashboard is not a recent page, unknown paths are not sent.
    if (path !== "/" && pinnedEntry(path)) mutation.mutate({ path });
  };
  return { recents, visit };
}

/** The lists this browser kept before the server did: read once, as the old screens wrote them. */
function oldLists(): { favorites: PinnedPage[]; recents: PinnedPage[] } | null {
  const read = (key: string): PinnedPage[] => {
    try {
      const v: unknown = JSON.parse(localStorage.getItem(key) ?? "null");
      return Array.isArray(v) ? v.filter((e) => e && typeof e.path === "string").slice(0, 100) : [];
    } catch {
      return [];
    }
  };
  const favorites = read(STORAGE_KEYS.favorites);
  const recents = read(STORAGE_KEYS.recents);
  return favorites.length || recents.length ? { favorites, recents } : null;
}

/** Send this browser's old favorites and recents to the signed-in person's lists once, then forget them here. */
export function useImportOldPins(signedIn: boolean) {
  const utils = trpc.useUtils();
  const sent = useRef(false);
  const mutation = trpc.pinned.importOld.useMutation({
    onSuccess: (lists) => {
      localStorage.removeItem(STORAGE_KEYS.favorites);
      localStorage.removeItem(STORAGE_KEYS.recents);
      utils.pinned.list.setData(undefined, lists);
    },
  });
  const { mutate } = mutation;
  useEffect(() => {
    if (!signedIn || sent.current) return;
    const old = oldLists();
    sent.current = true;
    if (!old) return;
    mutate({
      favorites: old.favorites.map(({ path }) => ({ path })),
      recents: old.recents.map(({ path, timestamp }) => ({
        path,
        timestamp: typeof timestamp === "number" ? timestamp : undefined,
      })),
    });
  }, [signedIn, mutate]);
}
