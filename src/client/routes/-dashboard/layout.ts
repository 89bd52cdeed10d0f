import { CARD_SIZES, type CardSize, type Category, nextCardSize, STORAGE_KEYS } from "@shared/dashboard";
import { useCallback, useMemo } from "react";
import { useLocalStorage } from "@/lib/use-local-storage";

const isStringArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === "string");
const isSizeMap = (v: unknown) =>
  !!v &&
  typeof v === "object" &&
  Object.values(v).every((s) => (CARD_SIZES as readonly string[]).includes(s as string));
const NO_ORDER: string[] = [];
const NO_SIZES: Record<string, CardSize> = {};

/** The dashboard's card order and sizes, kept in local storage under the spec's keys. */
export function useDashboardLayout(categories: readonly Category[]) {
  const [order, setOrder, resetOrder] = useLocalStorage<string[]>(
    STORAGE_KEYS.layoutOrder,
    NO_ORDER,
    isStringArray,
  );
  const [sizes, setSizes, resetSizes] = useLocalStorage<Record<string, CardSize>>(
    STORAGE_KEYS.cardSizes,
    NO_SIZES,
    isSizeMap,
  );

  // Saved order first (ignoring ids that no longer exist), then any category the saved order does not know.
  const ordered = useMemo(() => {
    const byId = new Map(categories.map((c) => [c.id, c]));
    const known = order.filter((id) => byId.has(id));
    const rest = categories.map((c) => c.id).filter((id) => !known.includes(id));
    return [...known, ...rest].map((id) => byId.get(id)!);
  }, [categories, order]);

  const move = useCallback(
    (id: string, toIndex: number) => {
      const ids = ordered.map((c) => c.id).filter((x) => x !== id);
      ids.splice(Math.max(0, Math.min(toIndex, ids.length)), 0, id);
      setOrder(ids);
    },
    [ordered, setOrder],
  );

  const cycleSize = useCallback(
    (id: string) => setSizes((prev) => ({ ...prev, [id]: nextCardSize(prev[id] ?? "normal") })),
    [setSizes],
  );

  const reset = useCallback(() => {
    resetOrder();
    resetSizes();
  }, [resetOrder, resetSizes]);

  return { ordered, sizeOf: (id: string) => sizes[id] ?? "normal", move, cycleSize, reset };
}
