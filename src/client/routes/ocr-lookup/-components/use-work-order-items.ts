import {
  normalizeLetters,
  type RecognizeResult,
  type RegisterSuggestion,
  uniqueWorkOrders,
} from "@shared/ocr";
import { useCallback, useMemo, useRef, useState } from "react";
import { toast } from "sonner";

export interface Item {
  id: number;
  text: string;
  /** Where it was read on the image (kept through edits: it is still that spot). */
  box: RecognizeResult["items"][number]["box"];
  /** Corrected against the project register (or a suggestion taken): what the reader read. */
  readAs?: string;
  /** Not in the register: what it may be instead (set only when the register was asked). */
  suggestions?: RegisterSuggestion[];
}

/** An edited work order is the person's: the register's suggestions for the old text no longer apply. */
const edited = (all: Item[], id: number, text: string) =>
  text
    ? all.map((i) => (i.id === id ? { ...i, text, suggestions: undefined } : i))
    : all.filter((i) => i.id !== id);

/** A suggestion taken: the registered work order replaces the reading, which is kept as what was read. */
const taken = (item: Item, text: string): Item => ({
  ...item,
  text,
  readAs: item.readAs ?? item.text,
  suggestions: undefined,
});

/**
 * Step 2's editable list: the work orders read off the image, the unsure readings a person checks, Normalize
 * letters, and `list`, the distinct work orders as shown (what the lookup asks about).
 */
export function useWorkOrderItems() {
  const nextId = useRef(1);
  const [items, setItems] = useState<Item[]>([]);
  // Readings too uncertain to be listed: a person adds or dismisses each after checking the image.
  const [unsure, setUnsure] = useState<Item[]>([]);
  const [normalize, setNormalize] = useState(false);

  const display = useCallback(
    (item: { text: string }) => (normalize ? normalizeLetters(item.text) : item.text),
    [normalize],
  );
  const list = useMemo(() => uniqueWorkOrders(items.map(display)), [items, display]);

  /** The server's reading of a new image replaces both lists. */
  const load = (answer: RecognizeResult) => {
    const toItem = (i: RecognizeResult["items"][number]): Item => ({
      id: nextId.current++,
      text: i.work_order,
      box: i.box,
      readAs: i.read_as,
      suggestions: i.suggestions,
    });
    setItems(answer.items.map(toItem));
    setUnsure((answer.unsure ?? []).map(toItem));
  };
  const clear = () => {
    setItems([]);
    setUnsure([]);
  };
  const edit = (id: number, text: string) => setItems((all) => edited(all, id, text));
  const take = (id: number, text: string) =>
    setItems((all) => all.map((i) => (i.id === id ? taken(i, text) : i)));
  const remove = (id: number) => setItems((all) => all.filter((i) => i.id !== id));
  const add = (text: string) => setItems((all) => [...all, { id: nextId.current++, text, box: null }]);
  /** An unsure reading checked against the image: into the list (with its box), or dismissed. */
  const confirm = (id: number) => {
    const item = unsure.find((i) => i.id === id);
    const listed = (text: string) => list.some((w) => w.toUpperCase() === display({ text }).toUpperCase());
    if (item && !listed(item.text)) {
      setItems((all) => [...all, item]);
      toast.success(`${item.text} added to the work orders.`);
    }
    setUnsure((all) => all.filter((i) => i.id !== id));
  };
  const dismiss = (id: number) => setUnsure((all) => all.filter((i) => i.id !== id));
  /** An unsure reading's suggestion taken: into the list as that work order. */
  const takeUnsure = (id: number, text: string) => {
    const item = unsure.find((i) => i.id === id);
    if (!item) return;
    setUnsure((all) => all.filter((i) => i.id !== id));
    if (!list.some((w) => w.toUpperCase() === display({ text }).toUpperCase()))
      setItems((all) => [...all, taken(item, text)]);
    toast.success(`${text} added to the work orders.`);
  };

  return {
    items,
    unsure,
    list,
    normalize,
    setNormalize,
    display,
    load,
    clear,
    edit,
    remove,
    add,
    confirm,
    dismiss,
    take,
    takeUnsure,
  };
}
