import { workOrderKey } from "@shared/work-orders";

/**
 * What a typed or recognised work order matches (the rules):
 * - four digits alone: that work order if the register has it bare, else the lowest `NNNN-…` one;
 * - anything else: the lowest key that starts with it (an exact key is the lowest of those);
 * - a trailing letter matches its parenthesised form because both have one key.
 * `hi` is an exclusive upper bound, so each rule is a range scan on the key's index.
 */
export interface KeyRange {
  exact: string | null;
  lo: string;
  hi: string;
}

export function lookupRange(workOrder: string): KeyRange | null {
  const key = workOrderKey(workOrder);
  if (!key) return null;
  if (/^\d{4}$/.test(key)) return { exact: key, lo: `${key}-`, hi: `${key}.` };
  return { exact: null, lo: key, hi: `${key}\uffff` };
}
