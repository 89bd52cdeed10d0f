/**
 * The change history of tracked records, written once for every kind (core boxes now, binder rows in Part 4).
 * A domain calls recordChange() inside the transaction of each write, listChanges() for its drawer, and
 * claimRestore() to take a delete record for restoring exactly once.
 */
import { format } from "date-fns";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type ChangeAction, changeRecords, type HistoryKind } from "../db/schema";
import { AppError, badRequest, notFound } from "./errors";

export interface ChangeInput<T> {
  kind: HistoryKind;
  entityId: number;
  action: ChangeAction;
  workOrder: string;
  user: string;
  before: T | null;
  after: T | null;
  batchId?: string;
  now: Date;
}

export interface ChangeView<T> {
  id: number;
  ts: string;
  action: ChangeAction;
  entity_id: number;
  work_order: string;
  user: string;
  before: T | null;
  after: T | null;
  batch_id: string | null;
  restored_at: string | null;
  restored_by: string | null;
  /** A delete record not restored yet. */
  restorable: boolean;
}

export const HISTORY_MESSAGES = {
  notFound: "Change record not found.",
  onlyDeletes: "Only delete entries can be restored.",
  alreadyRestored: (by: string | null, at: Date | null) =>
    `This change was already restored${by ? ` by ${by}` : ""}${at ? ` on ${format(at, "yyyy-MM-dd HH:mm")}` : ""}.`,
};

/** A change as its row stores it. */
const changeRow = <T extends object>(c: ChangeInput<T>) => ({
  kind: c.kind,
  entityId: c.entityId,
  action: c.action,
  workOrder: c.workOrder,
  user: c.user,
  ts: c.now,
  before: (c.before as Record<string, unknown> | null) ?? null,
  after: (c.after as Record<string, unknown> | null) ?? null,
  batchId: c.batchId ?? null,
});

/** Append one change; returns its id. Call it inside the transaction that makes the change. */
export async function recordChange<T extends object>(db: DbOrTx, c: ChangeInput<T>): Promise<number> {
  const [row] = await db.insert(changeRecords).values(changeRow(c)).returning({ id: changeRecords.id });
  return row!.id;
}

/** Append many changes at once (an import); multi-row inserts keep thousands of rows fast. */
export async function recordChanges<T extends object>(db: DbOrTx, changes: ChangeInput<T>[]) {
  for (let i = 0; i < changes.length; i += 200) {
    await db.insert(changeRecords).values(changes.slice(i, i + 200).map(changeRow));
  }
}

type ChangeRow = typeof changeRecords.$inferSelect;

export function toChangeView<T>(row: ChangeRow): ChangeView<T> {
  return {
    id: row.id,
    ts: row.ts.toISOString(),
    action: row.action,
    entity_id: row.entityId,
    work_order: row.workOrder,
    user: row.user,
    before: (row.before as T | null) ?? null,
    after: (row.after as T | null) ?? null,
    batch_id: row.batchId,
    restored_at: row.restoredAt?.toISOString() ?? null,
    restored_by: row.restoredBy,
    restorable: row.action === "delete" && !row.restoredAt,
  };
}

/** Newest first; optionally the history of one record. */
export async function listChanges<T>(
  db: DbOrTx,
  kind: HistoryKind,
  opts: { limit: number; entityId?: number },
): Promise<ChangeView<T>[]> {
  const where =
    opts.entityId === undefined
      ? eq(changeRecords.kind, kind)
      : and(eq(changeRecords.kind, kind), eq(changeRecords.entityId, opts.entityId));
  const rows = await db
    .select()
    .from(changeRecords)
    .where(where)
    .orderBy(desc(changeRecords.id))
    .limit(opts.limit);
  return rows.map((r) => toChangeView<T>(r));
}

/**
 * Take a delete record for restoring: marks it restored with a conditional UPDATE, so of two restores of the
 * same record (in this process or another) exactly one gets it and the other gets a 409. Run it inside the
 * transaction that re-creates the record, so a failure after it (a clash) leaves the record restorable.
 */
export async function claimRestore<T>(
  db: DbOrTx,
  opts: { kind: HistoryKind; changeId: number; user: string; now: Date },
): Promise<ChangeView<T>> {
  const [row] = await db
    .select()
    .from(changeRecords)
    .where(and(eq(changeRecords.id, opts.changeId), eq(changeRecords.kind, opts.kind)))
    .limit(1);
  if (!row) throw notFound(HISTORY_MESSAGES.notFound);
  if (row.action !== "delete" || !row.before) throw badRequest(HISTORY_MESSAGES.onlyDeletes);
  const claimed = await db
    .update(changeRecords)
    .set({ restoredAt: opts.now, restoredBy: opts.user })
    .where(and(eq(changeRecords.id, row.id), isNull(changeRecords.restoredAt)))
    .returning({ id: changeRecords.id });
  if (!claimed.length)
    throw new AppError("CONFLICT", HISTORY_MESSAGES.alreadyRestored(row.restoredBy, row.restoredAt));
  return toChangeView<T>({ ...row, restoredAt: opts.now, restoredBy: opts.user });
}

/** Point a restored delete record at the restore change that undid it. */
export async function linkRestore(db: DbOrTx, deleteChangeId: number, restoreChangeId: number) {
  await db
    .update(changeRecords)
    .set({ restoredByChangeId: restoreChangeId })
    .where(eq(changeRecords.id, deleteChangeId));
}
