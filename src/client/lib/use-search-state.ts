import { useNavigate, useSearch } from "@tanstack/react-router";
import { useCallback } from "react";

/**
 * List screens keep filters, sort and page in the URL so a view can be bookmarked and shared. `set` merges a
 * patch (replace, not push) and returns to page 1 unless the patch itself moves the page.
 */
export function useSearchState<S extends Record<string, unknown>>(from: string) {
  const search = useSearch({ strict: false } as never) as S;
  const navigate = useNavigate();
  const set = useCallback(
    (patch: Partial<S>) =>
      void navigate({
        to: from,
        replace: true,
        search: ((prev: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...prev, ...patch };
          if (!("page" in patch)) delete next.page;
          for (const [k, v] of Object.entries(next)) if (v === "" || v === undefined) delete next[k];
          return next;
        }) as never,
      }),
    [navigate, from],
  );
  return [search, set] as const;
}
