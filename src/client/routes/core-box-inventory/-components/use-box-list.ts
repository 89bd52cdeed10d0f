import { DEFAULT_EXPIRY_MONTHS, ISLANDS } from "@shared/core-boxes";
import { totalText } from "@shared/list-total";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect } from "react";
import { type BoxSearch, type listInputOf, plural } from "@/features/core-boxes/box-model";
import { trpc } from "@/lib/trpc";

/** The page of boxes the search asks for, with what the filters and the editor choose from. */
export function useBoxList(input: ReturnType<typeof listInputOf>, set: (patch: Partial<BoxSearch>) => void) {
  const list = trpc.coreBoxes.list.useQuery(input, { placeholderData: keepPreviousData });
  const years = trpc.coreBoxes.years.useQuery();
  const islands = trpc.coreBoxes.islands.useQuery();
  const settings = trpc.coreBoxes.settings.useQuery();
  const months = settings.data?.expiry_months ?? DEFAULT_EXPIRY_MONTHS;
  // The editor offers only the islands a box may have (an old box's other island is refused when saved).
  const islandChoices = ISLANDS;

  // Removing the last boxes of the last page: step back to the page that now is the last.
  const total = list.data?.total ?? 0;
  const capped = list.data?.total_capped ?? false;
  const countText = capped
    ? `${totalText({ total, total_capped: true })} boxes`
    : plural(total, "box", "boxes");
  useEffect(() => {
    if (list.data && list.data.rows.length === 0 && total > 0 && input.page > 1)
      set({ page: Math.ceil(total / input.page_size) });
  }, [list.data, total, input.page, input.page_size, set]);

  return {
    list,
    years: years.data?.years ?? [],
    islands: islands.data?.islands ?? [],
    months,
    islandChoices,
    total,
    capped,
    countText,
  };
}

export type BoxList = ReturnType<typeof useBoxList>;
