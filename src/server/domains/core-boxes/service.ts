/**
 * Core box service: every rule of the inventory. The tRPC router and the REST handlers call these functions as
 * `fn(ctx, input)`; the acting user is always the authenticated caller, `ctx.user`.
 */
import {
  CORE_BOX_MESSAGES,
  type CoreBox,
  type CoreBoxCreateInput,
  type CoreBoxListInput,
  type CoreBoxRow,
  type coreBoxUpdateInput,
  todayIso,
} from "@shared/core-boxes";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { coreBoxes } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { recordChange } from "../../lib/history";
import type { ServiceCtx } from "../../lib/service-ctx";
import { listCoreBoxes } from "./list";
import {
  type BoxRecord,
  findBox,
  findBoxByWorkOrder,
  listBoxChanges,
  listIslands,
  listYears,
  toCoreBox,
  withStatus,
} from "./queries";
import { type BoxValues, sameValues, valuesForCreate, valuesForUpdate } from "./rules";
import { searchWordsOf } from "./search-words";

/** CORE_BOX_EXPIRY_MONTHS: a new box's default storage period. */
const months = (ctx: ServiceCtx) => ctx.settings.CORE_BOX_EXPIRY_MONTHS;
export const rowOf = (ctx: ServiceCtx, r: BoxRecord): CoreBoxRow =>
  withStatus(toCoreBox(r), todayIso(ctx.now()));

export const list = (ctx: ServiceCtx, input: CoreBoxListInput) => listCoreBoxes(ctx.db, input, ctx.now());
export const years = async (ctx: ServiceCtx) => ({ years: await listYears(ctx.db) });
export const islands = async (ctx: ServiceCtx) => ({ islands: await listIslands(ctx.db) });
export const changes = async (ctx: ServiceCtx, input: { limit: number; core_box_id?: number }) => ({
  changes: await listBoxChanges(ctx.db, input),
});

export async function byId(ctx: ServiceCtx, { id }: { id: number }): Promise<CoreBoxRow> {
  const row = await findBox(ctx.db, id);
  if (!row) throw notFound(CORE_BOX_MESSAGES.notFound);
  return rowOf(ctx, row);
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
  ctx: ServiceCtx,
  input: CoreBoxCreateInput,
  retried = false,
): Promise<CoreBoxRow> {
  const values = valuesForCreate(input, months(ctx));
  const now = ctx.now();
  const who = ctx.user.email;
  try {
    // No look-up first: the unique index refuses a taken work order, and the catch below names its holder.
    const row = await ctx.db.transaction(async (tx) => {
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
    return rowOf(ctx, row);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await assertWorkOrderFree(ctx.db, values.workOrder);
    // The box holding it was removed in the meantime: the work order is free now, so try once more.
    if (!retried) return createBox(ctx, input, true);
    throw err;
  }
}

/** Change only the fields sent; an edit that changes nothing writes no change record. */
export async function updateBox(
  ctx: ServiceCtx,
  { id, ...patch }: z.infer<typeof coreBoxUpdateInput>,
): Promise<CoreBoxRow> {
  const now = ctx.now();
  let wanted: BoxValues | null = null;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const current = await findBox(tx, id);
      if (!current) throw notFound(CORE_BOX_MESSAGES.notFound);
      const next = valuesForUpdate(current, patch, months(ctx));
      wanted = next;
      if (sameValues(next, current)) return current;
      if (next.workOrder !== current.workOrder) await assertWorkOrderFree(tx, next.workOrder, id);
      return (await applyUpdate(tx, current, next, { user: ctx.user.email, now })).row;
    });
    return rowOf(ctx, row);
  } catch (err) {
    if (wanted && isUniqueViolation(err))
      await assertWorkOrderFree(ctx.db, (wanted as BoxValues).workOrder, id);
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
