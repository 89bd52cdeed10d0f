/**
 * Work-order keys: how the register and the lookup agree on one spelling. Upper case, no spaces, no W.O. label,
 * one kind of dash, and a trailing letter written in parentheses: "w.o. 1234-56a" → "1234-56(A)".
 */
const LABEL = /^(?:W\.?\/?O\.?|WORK\s*ORDER)\s*(?:NO\.?|NUMBER|#)?\s*[:#.]?\s*/;

export function workOrderKey(text: string): string {
  let key = text
    .toUpperCase()
    .replace(/[\u2010-\u2015]/g, "-")
    .trim()
    .replace(LABEL, "")
    .replace(/\s+/g, "");
  const letter = /^(\d{4}-\d{2,3})\(?([A-Z])\)?$/.exec(key);
  if (letter) key = `${letter[1]}(${letter[2]})`;
  return key;
}

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
