import type { StorageAction } from "@shared/storage";
import { storageEvents } from "../db/schema";
import { recordAudit } from "../lib/audit";
import type { ServiceCtx } from "../lib/service-ctx";
import { topFolder } from "./keys";

interface EventInput {
  action: StorageAction;
  key: string;
  from?: string;
  size?: number;
}

/** History row and audit entry for each change by the caller, in one transaction. */
export async function recordEvents(ctx: ServiceCtx, events: EventInput[]) {
  if (!events.length) return;
  const now = ctx.now();
  const actor = ctx.user.email;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(storageEvents).values(
      events.map((e) => ({
        ts: now,
        db: topFolder(e.key),
        key: e.key,
        action: e.action,
        actor,
        fromKey: e.from ?? null,
        size: e.size ?? null,
      })),
    );
    for (const e of events) {
      const details = {
        ...(e.from ? { from: e.from } : {}),
        ...(e.size !== undefined ? { size: e.size } : {}),
      };
      await recordAudit(tx, { actor, action: `storage.${e.action}`, target: e.key, details }, now);
    }
  });
}
