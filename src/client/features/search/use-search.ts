import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_CHARS } from "@shared/search";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { trpc } from "@/lib/trpc";

/** `value` once it has stopped changing for `ms`: a request per pause in typing, not per key. */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Text the server searches: 2 to SEARCH_MAX_CHARS characters once trimmed (else nothing is asked). */
export function searchableText(text: string): string | null {
  const q = text.trim();
  const n = [...q].length;
  return n >= 2 && n <= SEARCH_MAX_CHARS ? q : null;
}

const quiet = { staleTime: 30_000, placeholderData: keepPreviousData, retry: false } as const;

/** The header's suggestions for `text`, asked once typing pauses; the last answer stays while the next comes. */
export function useSuggestions(text: string) {
  const q = searchableText(useDebounced(text));
  const query = trpc.search.suggest.useQuery({ q: q ?? "", limit: 3 }, { ...quiet, enabled: q !== null });
  // An answer for other text than what is typed now (kept while the next one comes) is shown as it is.
  return { q, data: q ? query.data : undefined, pending: q !== null && query.isFetching };
}

/** Every group (the /search page and the dashboard's box). */
export function useSearchAll(text: string, limit = 5, debounce = true) {
  const settled = useDebounced(text, debounce ? SEARCH_DEBOUNCE_MS : 0);
  const q = searchableText(settled);
  const query = trpc.search.all.useQuery({ q: q ?? "", limit }, { ...quiet, enabled: q !== null });
  return { q, query };
}

/** The Work Orders finder's register lines. */
export function useWorkOrderFinder(text: string) {
  const q = searchableText(useDebounced(text));
  const query = trpc.search.workOrders.useQuery({ q: q ?? "", limit: 10 }, { ...quiet, enabled: q !== null });
  return { q, query };
}
