import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { trpc } from "@/lib/trpc";
import type { MatchRow } from "./matches";
import { useImageUpload } from "./use-image-upload";
import { useWorkOrderItems } from "./use-work-order-items";

export type { UploadError } from "./use-image-upload";
export type { Item } from "./use-work-order-items";

/**
 * The screen's state: the chosen image and its upload (useImageUpload), the editable list (useWorkOrderItems)
 * and its lookup. The lookup is a query keyed by the list, so every edit looks up again, older answers never
 * overwrite newer ones, and Re-run Lookup is a refetch.
 */
export function useRecognition() {
  const utils = trpc.useUtils();
  const { load, clear: clearList, ...wos } = useWorkOrderItems();
  const { clear: clearImage, ...image } = useImageUpload(load);
  const { list, items, display } = wos;

  const lookup = useQuery({
    queryKey: ["work-orders", "lookup", list],
    queryFn: () => utils.client.workOrders.lookup.mutate({ work_orders: list }),
    enabled: list.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const rows: MatchRow[] | undefined = useMemo(() => {
    if (!list.length) return [];
    const readAs = new Map(items.flatMap((i) => (i.readAs ? [[display(i).toUpperCase(), i.readAs]] : [])));
    return lookup.data?.matches.map((m, index) => {
      const read = readAs.get(m.work_order.toUpperCase());
      return read ? { ...m, index, read_as: read } : { ...m, index };
    });
  }, [list.length, lookup.data, items, display]);

  const reset = () => {
    clearImage();
    clearList();
  };

  return { ...image, ...wos, lookup, rows, reset };
}

export type Recognition = ReturnType<typeof useRecognition>;
