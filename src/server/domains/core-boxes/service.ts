/**
 * Core box service: every rule of the inventory. The tRPC router and the REST handlers call these functions
 * with explicit dependencies; the acting user is always the authenticated caller passed in `deps.user`.
 */
import {
  CORE_BOX_MESSAGES,
  type CoreBox,
  type CoreBoxCreateInput,
  type CoreBoxListInput,
  type CoreBoxPatch,
  type CoreBoxRow,
  DEFAULT_EXPIRY_MONTHS,
  todayIso,
} from "@shared/core-boxes";
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { coreBoxes } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { recordChange } from "../../lib/history";
import {
  type BoxRecord,
  findBox,
  findBoxByWorkOrder,
  listBoxChanges,
  listCoreBoxes,
  listIslands,
  listYears,
  toCoreBox,
  withStatus,
} from "./queries";
import { type BoxValues, sameValues, valuesForCreate, valuesForUpdate } from "./rules";
import { searchWordsOf } from "./search-words";

export interface CoreBoxDeps {
  db: Db;
  /** The signed-in caller (never a header or a body field). */
  user: { email: string };
  now?: Date;
  /** CORE_BOX_EXPIRY_MONTHS. */
  expiryMonths?: number;
}

export const nowOf = (deps: { now?: Date }) => deps.now ?? new Date();
const months = (deps: CoreBoxDeps) => deps.expiryMonths ?? DEFAULT_EXPIRY_MONTHS;
export const rowOf = (deps: CoreBoxDeps, r: BoxRecord): CoreBoxRow =>
  withStatus(toCoreBox(r), todayIso(nowOf(deps)));

export const list = (deps: CoreBoxDeps, input: CoreBoxListInput) =>
  listCoreBoxes(deps.db, input, nowOf(deps));
export const years = async (deps: CoreBoxDeps) => ({ years: await listYears(deps.db) });
export const islands = async (deps: CoreBoxDeps) => ({ islands: await listIslands(deps.db) });
export const changes = async (deps: CoreBoxDeps, input: { limit: number; core_box_id?: number }) => ({
  changes: await listBoxChanges(deps.db, input),
});

export async function byId(deps: CoreBoxDeps, id: number): Promise<CoreBoxRow> {
  const row = await findBox(deps.db, id);
  if (!row) throw notFound(CORE_BOX_MESSAGES.notFound);
  return rowOf(deps, row);
}

/** 409 naming the box that already holds this work order. */
export function workOrderTaken(wo: string, holder: BoxRecord): AppError {
  const project = holder.project ? `, ${holder.project}` : "";
  return new AppError("CONFLICT", `Work Order ${wo} is already in storage (box #${holder.id}${project}).`);
}

/** A UNIQUE clash raced past our check (another process inserted the same work order first). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.message === "string" && e.message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}

export async function assertWorkOrderFree(db: DbOrTx, wo: string, exceptId?: number) {
  const holder = await findBoxByWorkOrder(db, wo);
  if (holder && holder.id !== exceptId) throw workOrderTaken(wo, holder);
}

export async function createBox(
  deps: CoreBoxDeps,
  input: CoreBoxCreateInput,
  retried = false,
): Promise<CoreBoxRow> {
  const values = valuesForCreate(input, months(deps));
  const now = nowOf(deps);
  const who = deps.user.email;
  try {
    // No look-up first: the unique index refuses a taken work order, and the catch below names its holder.
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(coreBoxes)
        .values({
          ...values,
          searchWords: searchWordsOf(values),
          createdAt: now,
          createdBy: who,
          updatedAt: now,
          updatedBy: who,
        })
        .returning();
      await recordChange(tx, {
        kind: "core_box",
        entityId: created!.id,
        action: "create",
        workOrder: created!.workOrder,
        user: who,
        before: null,
        after: toCoreBox(created!),
        now,
      });
      return created!;
    });
    return rowOf(deps, row);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await assertWorkOrderFree(deps.db, values.workOrder);
    // The box holding it was removed in the meantime: the work order is free now, so try once more.
    if (!retried) return createBox(deps, input, true);
    throw err;
  }
}

/** Change only the fields sent; an edit that changes nothing writes no change record. */
export async function updateBox(deps: CoreBoxDeps, id: number, patch: CoreBoxPatch): Promise<CoreBoxRow> {
  const now = nowOf(deps);
  let wanted: BoxValues | null = null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const current = await findBox(tx, id);
      if (!current) throw notFound(CORE_BOX_MESSAGES.notFound);
      const next = valuesForUpdate(current, patch, months(deps));
      wanted = next;
      if (sameValues(next, current)) return current;
      if (next.workOrder !== current.workOrder) await assertWorkOrderFree(tx, next.workOrder, id);
      return (await applyUpdate(tx, current, next, { user: deps.user.email, now })).row;
    });
    return rowOf(deps, row);
  } catch (err) {
    if (wanted && isUniqueViolation(err))
      await assertWorkOrderFree(deps.db, (wanted as BoxValues).workOrder, id);
    throw err;
  }
}

/** Write new values and the update record (before/after as the API shows them). */
export async function applyUpdate(
  tx: DbOrTx,
  current: BoxRecord,
  next: BoxValues,
  opts: { user: string; now: Date; batchId?: string },
): Promise<{ row: BoxRecord; changeId: number }> {
  const [updated] = await tx
    .update(coreBoxes)
    .set({ ...next, searchWords: searchWordsOf(next), updatedAt: opts.now, updatedBy: opts.user })
    .where(eq(coreBoxes.id, current.id))
    .returning();
  const changeId = await recordChange<CoreBox>(tx, {
    kind: "core_box",
    entityId: current.id,
    action: "update",
    workOrder: updated!.workOrder,
    user: opts.user,
    before: toCoreBox(current),
    after: toCoreBox(updated!),
    batchId: opts.batchId,
    now: opts.now,
  });
  return { row: updated!, changeId };
}
