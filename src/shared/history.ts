/** Change history shared by every tracked record (core boxes now, binder rows later). */

export const CHANGE_ACTION_LABELS = {
  create: "Added",
  update: "Edited",
  delete: "Removed",
  restore: "Restored",
  import: "Imported",
} as const;

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Bookkeeping fields that change on every write and say nothing to the reader. */
const IGNORED = new Set(["updated_at", "updated_by"]);

/**
 * Field-by-field differences between two versions of a record, for the history drawer. A create or restore
 * (no before) lists every field with a value; a delete (no after) lists every field it had.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): FieldChange[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: FieldChange[] = [];
  for (const field of keys) {
    if (IGNORED.has(field)) continue;
    const b = before?.[field] ?? null;
    const a = after?.[field] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push({ field, before: b, after: a });
  }
  return out;
}
