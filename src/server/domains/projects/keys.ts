import { parseWorkOrder, workOrderKey } from "@shared/work-orders";

/**
 * What a typed or recognised work order matches: one rule for Work Order Recognition and the work order page.
 * - four digits alone: that work order if the register has it bare, else the lowest `NNNN-…` one;
 * - a whole work order without a letter: its own line, else its first letter's (never a longer number that
 *   merely starts alike: 4321-02 is not 4321-020);
 * - a whole work order with a letter: its own line, else its base number's, marked `from_base`;
 * - anything else (a partial number): the lowest key that starts with it.
 * A trailing letter matches its parenthesised form because both have one key. `hi` is an exclusive upper
 * bound, so each rule is an index seek or a range scan on the key's unique index.
 */
export interface KeyRange {
  exact: string | null;
  lo: string;
  hi: string;
  /** The base number's key, tried last (lettered work orders only). */
  base: string | null;
}

export function lookupRange(workOrder: string): KeyRange | null {
  const key = workOrderKey(workOrder);
  if (!key) return null;
  if (/^\d{4}$/.test(key)) return { exact: key, lo: `${key}-`, hi: `${key}.`, base: null };
  const ref = parseWorkOrder(key);
  // An empty range (lo = hi) when only the exact key and the base count.
  if (ref?.suffix) return { exact: key, lo: key, hi: key, base: ref.base };
  if (ref) return { exact: key, lo: `${key}(`, hi: `${key})`, base: null };
  return { exact: null, lo: key, hi: `${key}\uffff`, base: null };
}
