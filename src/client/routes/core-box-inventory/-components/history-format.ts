/** How the Change History drawer words a change record: labels, values and the field-by-field differences. */
import { CHANGE_ACTION_LABELS, changedFields } from "@shared/history";

export const FIELD_LABELS: Record<string, string> = {
  work_order: "W.O.",
  project: "Project",
  engineer: "Engineer",
  report_submission_date: "Submitted",
  storage_expiry_date: "Expiry",
  complete: "Complete",
  keep_or_dump: "Disposition",
  island: "Island",
  year: "Year",
};

/** Bookkeeping the reader does not need (the entry's header already says who, when and which box). */
const HIDDEN = new Set(["id", "created_at", "created_by", "updated_at", "updated_by"]);

export interface ChangeLike {
  action: keyof typeof CHANGE_ACTION_LABELS;
  before: object | null;
  after: object | null;
}

export interface ChangeLine {
  field: string;
  label: string;
  /** Update: the old and new values. Add / restore / import / remove: the one value the record held. */
  before: string | null;
  after: string | null;
}

export const showValue = (v: unknown): string =>
  v === null || v === undefined || v === "" ? "—" : String(v);

export const actionLabel = (action: ChangeLike["action"]) => CHANGE_ACTION_LABELS[action] ?? action;

/**
 * The fields a change touched, in the table's column order. An edit lists old → new; a record without a
 * before (added, restored, imported) or without an after (removed) lists the values it carried, leaving out
 * the work order (the entry's header names it) and empty fields.
 */
export function changeLines(change: ChangeLike): ChangeLine[] {
  const before = change.before as Record<string, unknown> | null;
  const after = change.after as Record<string, unknown> | null;
  const snapshot = !(before && after);
  const order = Object.keys(FIELD_LABELS);
  const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
  return changedFields(before, after)
    .filter((c) => !HIDDEN.has(c.field))
    .filter((c) => !snapshot || (c.field !== "work_order" && showValue(c.after ?? c.before) !== "—"))
    .sort((a, b) => rank(a.field) - rank(b.field))
    .map((c) => ({
      field: c.field,
      label: FIELD_LABELS[c.field] ?? c.field,
      before: snapshot ? null : showValue(c.before),
      after: showValue(snapshot ? (after ? c.after : c.before) : c.after),
    }));
}

/**
 * For the delete record of a "Mark Dumped & Remove", the disposition the box had before it was set to Dump
 * (from the update record sharing its batch id), so restoring it can offer to put that back.
 */
export function dispositionBeforeDump(
  change: { id: number; action: string; batch_id: string | null },
  all: { id: number; action: string; batch_id: string | null; before: object | null }[],
): string | null {
  if (change.action !== "delete" || !change.batch_id) return null;
  const update = all.find((c) => c.batch_id === change.batch_id && c.action === "update" && c.id < change.id);
  const value = (update?.before as { keep_or_dump?: unknown } | null)?.keep_or_dump;
  return typeof value === "string" && value !== "Dump" ? value : null;
}
