import type { AuditAction } from "@shared/users";
import type { DbOrTx } from "../db/client";
import { auditLog } from "../db/schema";

export interface AuditEntry {
  actor: string;
  /** One of AUDIT_ACTION_LABELS: Admin → Activity labels and filters by it. */
  action: AuditAction;
  target?: string;
  details?: Record<string, unknown>;
}

/** Append to the audit log. Call it inside the same transaction as the change it records. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry, now = new Date()) {
  await db.insert(auditLog).values({
    ts: now,
    actor: entry.actor,
    action: entry.action,
    target: entry.target ?? "",
    details: entry.details ?? null,
  });
}
