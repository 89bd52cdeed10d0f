/** What Admin → Activity shows of an audit line, kept free of React so the unit tests reach it. */
import type { ActivityEntry } from "@shared/users";

/**
 * The Change column: a move or rename as "old → new" (its audit line keeps where the file came from), otherwise
 * each field that changed as "role: User → Admin" from the details' before/after.
 */
export function describeChange(entry: Pick<ActivityEntry, "target" | "details">): string {
  const details = entry.details;
  if (typeof details?.from === "string") return `${details.from} → ${entry.target}`;
  const before = (details?.before ?? {}) as Record<string, unknown>;
  const after = (details?.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k}: ${before[k] ?? "—"} → ${after[k] ?? "—"}`)
    .join("; ");
}
