/**
 * Core box service: every rule of the inventory and every write (removal and restore included; the import is
 * its own file, as in the binder). The tRPC router and the REST handlers call these functions as
 * `fn(ctx, input)`; the acting user is always the authenticated caller, `ctx.user`.
 */
import {
  CORE_BOX_MESSAGES,
  type CoreBox,
  type CoreBoxCreateInput,
  type CoreBoxListInput,
  type CoreBoxListRow,
  type CoreBoxRow,
  coreBoxListInput,
  type coreBoxUpdateInput,
  expiresWithinUntil,
  todayIso,
} from "@shared/core-boxes";
import type { ListPage } from "@shared/list-total";
import { cappedCount, type FoundGroup, markWords, pathWith } from "@shared/search";
import type { WorkOrderRef } from "@shared/work-orders";
import type { z } from "zod";
import { coreBoxes } from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/errors";
import { claimRestore, linkRestore, recordChange } from "../../lib/history";
import { keptUntilChanged } from "../../lib/kept-until-changed";
import type { ServiceCtx } from "../../lib/service-ctx";
import { withWorkOrderReports } from "../reports/service";
import {
  countExpiringBetween,
  type ExpiringBox,
  expiringBetween,
  listCoreBoxes,
  type SummaryCount,
  summaryCount,
} from "./list";
import {
  type BoxRecord,
  findBox,
  findBoxByWorkOrder,
  listBoxChanges,
  listIslands,
  listYears,
  toBoxRecord,
  toCoreBox,
  withStatus,
} from "./queries";
import { type BoxValues, sameValues, valuesForCreate, valuesForUpdate } from "./rules";
import { workOrderBoxes } from "./work-order-boxes";
import {
  applyUpdate,
  assertWorkOrderFree,
  auditBox,
  boxChange,
  deleteWithRecord,
  isUniqueViolation,
  newRecord,
  notDumpMessage,
  restoreBlocked,
  type Writer,
} from "./writes";

/** CORE_BOX_EXPIRY_MONTHS: a new box's default storage period. */
const months = (ctx: ServiceCtx) => ctx.settings.CORE_BOX_EXPIRY_MONTHS;
const rowOf = (ctx: ServiceCtx, r: BoxRecord): CoreBoxRow => withStatus(toCoreBox(r), todayIso(ctx.now()));
/** The caller writes, now (one batch id when a call writes two change records). */
const writer = (ctx: ServiceCtx, batchId?: string): Writer => ({
  user: ctx.user.email,
  now: ctx.now(),
  batchId,
});

/**
 * Read per database and kept until a box changes (lib/kept-until-changed.ts): the filter options (years and
 * islands that have boxes), which every screen load asks for, and the summary's counts by equality filters, which
 * every list page reads. Read each time on a libSQL server (no counter).
 */
interface Kept {
  years: () => Promise<number[]>;
  islands: () => Promise<string[]>;
  count: SummaryCount;
}
const keptPerDb = new WeakMap<object, Kept>();
/** Filter combinations whose counts are kept: far more than the screen's filters make. */
const COUNTS_KEPT = 500;
function keptOf(ctx: ServiceCtx): Kept {
  let kept = keptPerDb.get(ctx.db);
  if (!kept) {
    const counter = ctx.deps.database.changes?.coreBoxes;
    const db = ctx.db;
    const counts = keptUntilChanged(counter, (key) => summaryCount(db, JSON.parse(key)), COUNTS_KEPT);
    kept = {
      years: keptUntilChanged(counter, () => listYears(db)),
      islands: keptUntilChanged(counter, () => listIslands(db)),
      count: (_db, eq) => counts(JSON.stringify(eq)),
    };
    keptPerDb.set(db, kept);
  }
  return kept;
}
/** A page of the list, each box with its work order's indexed report (one look-up for the page). */
export async function list(ctx: ServiceCtx, input: CoreBoxListInput): Promise<ListPage<CoreBoxListRow>> {
  const page = await listCoreBoxes(ctx.db, input, ctx.now(), keptOf(ctx).count);
  return { ...page, rows: await withWorkOrderReports(ctx, page.rows) };
}
export const years = async (ctx: ServiceCtx) => ({ years: await keptOf(ctx).years() });
export const islands = async (ctx: ServiceCtx) => ({ islands: await keptOf(ctx).islands() });
export const changes = async (ctx: ServiceCtx, input: { limit: number; core_box_id?: number }) => ({
  changes: await listBoxChanges(ctx.db, input),
});

export async function byId(ctx: ServiceCtx, { id }: { id: number }): Promise<CoreBoxRow> {
  const row = await findBox(ctx.db, id);
  if (!row) throw notFound(CORE_BOX_MESSAGES.notFound);
  return rowOf(ctx, row);
}

export async function createBox(
  ctx: ServiceCtx,
  input: CoreBoxCreateInput,
  retried = false,
): Promise<CoreBoxRow> {
  const values = valuesForCreate(input, months(ctx));
  const w = writer(ctx);
  try {
    // No look-up first: the unique index refuses a taken work order, and the catch below names its holder.
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx.insert(coreBoxes).values(newRecord(values, w)).returning();
      await recordChange(tx, boxChange("create", null, created!, w));
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
  const w = writer(ctx);
  let wanted: BoxValues | null = null;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const current = await findBox(tx, id);
      if (!current) throw notFound(CORE_BOX_MESSAGES.notFound);
      const next = valuesForUpdate(current, patch, months(ctx));
      wanted = next;
      if (sameValues(next, current)) return current;
      if (next.workOrder !== current.workOrder) await assertWorkOrderFree(tx, next.workOrder, id);
      return (await applyUpdate(tx, current, next, w)).row;
    });
    return rowOf(ctx, row);
  } catch (err) {
    if (wanted && isUniqueViolation(err))
      await assertWorkOrderFree(ctx.db, (wanted as BoxValues).workOrder, id);
    throw err;
  }
}

export async function removeBox(ctx: ServiceCtx, { id }: { id: number }): Promise<{ change_id: number }> {
  const w = writer(ctx);
  return ctx.db.transaction(async (tx) => {
    const box = await findBox(tx, id);
    if (!box) throw notFound(CORE_BOX_MESSAGES.notFound);
    if (box.keepOrDump !== "Dump") throw conflict(notDumpMessage(box));
    return { change_id: await deleteWithRecord(tx, box, w) };
  });
}

export interface BulkRemoveResult {
  removed: { id: number; work_order: string; change_id: number }[];
  skipped: { id: number; work_order: string | null; reason: string }[];
}

/** "Delete Selected": removes the Dump boxes among `ids` in one transaction and says which were skipped. */
export async function removeBoxes(ctx: ServiceCtx, { ids }: { ids: number[] }): Promise<BulkRemoveResult> {
  const w = writer(ctx);
  return ctx.db.transaction(async (tx) => {
    const result: BulkRemoveResult = { removed: [], skipped: [] };
    for (const id of [...new Set(ids)]) {
      const box = await findBox(tx, id);
      if (!box) result.skipped.push({ id, work_order: null, reason: CORE_BOX_MESSAGES.notFound });
      else if (box.keepOrDump !== "Dump")
        result.skipped.push({ id, work_order: box.workOrder, reason: notDumpMessage(box) });
      else {
        result.removed.push({ id, work_order: box.workOrder, change_id: await deleteWithRecord(tx, box, w) });
      }
    }
    return result;
  });
}

/** "Mark Dumped & Remove": set Dump and remove in one transaction; two change records sharing a batch id. */
export async function dumpAndRemove(
  ctx: ServiceCtx,
  { id }: { id: number },
): Promise<{ change_id: number; dump_change_id: number | null }> {
  const w = writer(ctx, crypto.randomUUID());
  return ctx.db.transaction(async (tx) => {
    let box = await findBox(tx, id);
    if (!box) throw notFound(CORE_BOX_MESSAGES.notFound);
    let dumpChangeId: number | null = null;
    if (box.keepOrDump !== "Dump") {
      const dumped = await applyUpdate(tx, box, { ...box, keepOrDump: "Dump" }, w);
      box = dumped.row;
      dumpChangeId = dumped.changeId;
    }
    return {
      change_id: await deleteWithRecord(tx, box, w, "core_box.dump_remove"),
      dump_change_id: dumpChangeId,
    };
  });
}

/**
 * Re-create a box from a delete record, exactly once. The box comes back as it was when removed, under its old
 * id; a live box with the same work order blocks it (409) and leaves the record restorable.
 */
export async function restoreBox(
  ctx: ServiceCtx,
  { change_id: changeId }: { change_id: number },
): Promise<{ box: CoreBoxRow; change_id: number }> {
  const w = writer(ctx);
  try {
    return await ctx.db.transaction(async (tx) => {
      const change = await claimRestore<CoreBox>(tx, {
        kind: "core_box",
        changeId,
        user: w.user,
        now: w.now,
      });
      const copy = change.before!;
      const holder = await findBoxByWorkOrder(tx, copy.work_order);
      if (holder) throw restoreBlocked(copy.work_order, holder.id);
      const idFree = !(await findBox(tx, change.entity_id));
      const [box] = await tx
        .insert(coreBoxes)
        .values({
          ...toBoxRecord(copy, w.user, w.now),
          ...(idFree ? { id: change.entity_id } : {}),
          createdAt: new Date(copy.created_at),
          createdBy: copy.created_by,
        })
        .returning();
      const restoreId = await recordChange(tx, boxChange("restore", null, box!, w));
      await linkRestore(tx, change.id, restoreId);
      await auditBox(tx, "core_box.restore", box!, change.id, w);
      return { box: rowOf(ctx, box!), change_id: restoreId };
    });
  } catch (err) {
    throw isUniqueViolation(err)
      ? new AppError("CONFLICT", "Another box with this Work Order was added meanwhile.")
      : err;
  }
}

/** What the expiry reads need: the database and the clock (a scheduled job has no signed-in caller). */
type ExpiryCtx = Pick<ServiceCtx, "db" | "now">;

/**
 * How many boxes' storage expires from today up to `days` days ahead (the dashboard's count, which links to
 * the list filtered the same way: /core-box-inventory?expires=30). Every signed-in person keeps the inventory.
 */
export async function boxesExpiringWithin(
  ctx: ExpiryCtx,
  { days }: { days: number },
): Promise<{ days: number; until: string; count: number }> {
  const now = ctx.now();
  const until = expiresWithinUntil(days, now);
  return { days, until, count: await countExpiringBetween(ctx.db, todayIso(now), until) };
}

/** Those boxes themselves, soonest first, at most `limit` (a notice listing them), with how many there are. */
export async function expiringBoxes(
  ctx: ExpiryCtx,
  { days, limit }: { days: number; limit: number },
): Promise<{ days: number; until: string; count: number; boxes: ExpiringBox[] }> {
  const counted = await boxesExpiringWithin(ctx, { days });
  const boxes = await expiringBetween(ctx.db, todayIso(ctx.now()), counted.until, limit);
  return { ...counted, boxes };
}

/** The dashboard card this domain owns. */
export { coreBoxesKpi } from "./kpi";

/** A work order's core boxes: what the inventory shows any signed-in person. */
export const boxesOfWorkOrder = (ctx: ServiceCtx, ref: WorkOrderRef) =>
  workOrderBoxes(ctx.db, ref, todayIso(ctx.now()));

/** The daily notice of boxes about to expire (domains/notifications raises it). */
export { boxesExpiringSoonForNotice, type ExpiringBoxes } from "./expiring-notice";
/** Search words for boxes written before the column existed (run by the composition after the migrations). */
export { backfillSearchWords } from "./search-words";

/**
 * Core boxes for the one search: the inventory's own search (every word a prefix of the work order, project or
 * engineer), first page in the screen's default order; any signed-in person sees the inventory.
 */
export async function findBoxes(ctx: ServiceCtx, input: { q: string; limit: number }): Promise<FoundGroup> {
  const page = await list(ctx, { ...coreBoxListInput.parse({ q: input.q }), page_size: input.limit });
  return {
    ...cappedCount(page.total, page.total_capped),
    hits: page.rows.map((b) => ({
      key: `box:${b.id}`,
      title: b.work_order,
      detail: [b.engineer, b.island, b.year, b.status].filter(Boolean).join(" · "),
      snippet: markWords(`${b.work_order} — ${b.project}`, input.q),
      link: pathWith("/core-box-inventory", { q: b.work_order }),
    })),
    more: pathWith("/core-box-inventory", { q: input.q }),
  };
}
