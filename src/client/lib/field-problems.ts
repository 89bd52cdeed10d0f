import type { z } from "zod";

/** What a date input says when the browser cannot read what was typed (02/31/2026): its value is then "". */
export const UNREADABLE_DATE = "Enter a real date.";

/** One sentence per field that has a problem. */
export type FieldProblems<K extends string> = Partial<Record<K, string>>;

/**
 * Each field's first problem with `value` under a shared schema (the one the server checks with), as one
 * sentence: the schema's message when it is one ("Billing accepts digits only."), else the field's label before
 * it ("Year must be a year like 2024."). The date fields named in `unreadable` held text the browser could not
 * read: that is their problem, never "no date".
 */
export function fieldProblems<K extends string>(
  schema: z.ZodType,
  value: unknown,
  labels: Record<K, string>,
  unreadable: readonly string[] = [],
): FieldProblems<K> {
  const out: FieldProblems<K> = {};
  const isField = (k: unknown): k is K => typeof k === "string" && Object.hasOwn(labels, k);
  for (const k of unreadable) if (isField(k)) out[k] = UNREADABLE_DATE;
  const parsed = schema.safeParse(value);
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (!isField(field) || out[field]) continue;
    out[field] = /^[A-Z].*[.!?]$/.test(issue.message)
      ? issue.message
      : `${labels[field]} ${issue.message.replace(/[.!?]+$/, "")}.`;
  }
  return out;
}

export const hasProblems = (p: FieldProblems<string>) => Object.values(p).some(Boolean);
