import { LIST_TOTAL_CAP } from "@shared/list-total";
import type { BinderLocateInput, BinderRow } from "@shared/reports-binder";
import { trpc } from "@/lib/trpc";
import type { BinderSearch } from "../route";

/** What the success toast adds when a saved row is not on the page in view: where it is, and a way to see it. */
export interface RowPlace {
  description: string;
  action: { label: string; onClick(): void };
}

/**
 * Where a saved row went in the list on screen (its filters, sort and page size), or null when it is on the page
 * in view. The server answers from the list's own query, so the page it names is the page that shows the row.
 */
export function useRowPlace(
  list: BinderLocateInput["list"] & { page: number; page_size: number },
  set: (patch: Partial<BinderSearch>) => void,
) {
  const utils = trpc.useUtils();
  return async (row: BinderRow): Promise<RowPlace | null> => {
    const { page } = await utils.reportsBinder.locate.fetch({ id: row.id, list }, { staleTime: 0 });
    if (page === list.page) return null;
    // Every filter cleared but the row's work order: a view that shows it whatever the filters were.
    const showOnly = () =>
      set({
        wo: row.work_order,
        q: undefined,
        eng: undefined,
        billing_only: undefined,
        date_from: undefined,
        date_to: undefined,
        page: undefined,
      });
    if (page === null)
      return {
        description: "The filters on this list hide it.",
        action: { label: "Show it", onClick: showOnly },
      };
    // Past a capped count the pager cannot reach the page: narrow the list to the row instead.
    const reachable = (page - 1) * list.page_size < LIST_TOTAL_CAP;
    return {
      description: `It is on page ${page} of this list.`,
      action: { label: "Show it", onClick: reachable ? () => set({ page }) : showOnly },
    };
  };
}
