import {
  BINDER_MESSAGES,
  type BinderCreate,
  type BinderRow,
  type BinderUpdate,
  binderListInput,
  sentInOrder,
} from "@shared/reports-binder";
import { cappedCount, type FoundGroup, markWords, pathWith } from "@shared/search";
import type { WorkOrderRef } from "@shared/work-orders";
import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { reportsBinder as rb } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { claimRestore, linkRestore, listChanges, recordChange } from "../../lib/history";
import type { ServiceCtx } from "../../lib/service-ctx";
import { withWorkOrderReports } from "../reports/service";
import { binderCsv } from "./export";
import { binderHealth } from "./health";
import { locateBinderRow } from "./locate";
import { listBinder, toBinderRow } from "./queries";
import { workOrderBinderRows } from "./work-order-rows";

/** Binder writes, `fn(ctx, input)`: each change and its history in one transaction, the actor ctx.user. */
export const BINDER_ENTITY = "reports_binder" as const;

type Row = typeof rb.$inferSelect;
const toColumns = (v: BinderUpdate) => ({
  ...(v.pdf_file !== undefined && { pdfFile: v.pdf_file }),
  ...(v.date !== undefined && { date: v.date || null }),
  ...(v.work_order !== undefined && { workOrder: v.work_order }),
  ...(v.engineer_initials !== undefined && { engineerInitials: v.engineer_initials }),
  ...(v.billing !== undefined && { billing: v.billing }),
  ...(v.date_sent !== undefined && { dateSent: v.date_sent || null }),
  ...(v.page_label !== undefined && { pageLabel: v.page_label }),
});

async function rowById(tx: DbOrTx, id: number): Promise<Row> {
  const [row] = await tx.select().from(rb).where(eq(rb.id, id)).limit(1);
  if (!row) throw notFound(`Binder row ${id} was not found. It may have been removed.`);
  return row;
}

export async function createRow(ctx: ServiceCtx, values: BinderCreate): Promise<BinderRow> {
  const user = ctx.user.email;
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    const [row] = await tx
      .insert(rb)
      .values({
        ...toColumns(values),
        workOrder: values.work_order,
        createdBy: user,
        updatedBy: user,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const after = toBinderRow(row!);
    await recordChange(tx, {
      kind: BINDER_ENTITY,
      entityId: row!.id,
      action: "create",
      workOrder: after.work_order,
      user,
      before: null,
      after,
      now: at,
    });
    return after;
  });
}

/** Whether sending `values` leaves `row` as it is (then nothing is written or recorded). */
const changesNothing = (row: BinderRow, values: BinderUpdate) =>
  (Object.keys(values) as (keyof BinderUpdate)[]).every(
    (k) => values[k] === undefined || (values[k] ?? "") === row[k],
  );

/**
 * Changes only the fields it is sent. The row as it would be stored keeps its Date Sent on or after its Date;
 * an edit that changes nothing answers the row and records no "Edited" change.
 */
export async function updateRow(
  ctx: ServiceCtx,
  { id, values }: { id: number; values: BinderUpdate },
): Promise<BinderRow> {
  const user = ctx.user.email;
  return ctx.db.transaction(async (tx) => {
    const before = toBinderRow(await rowById(tx, id));
    if (changesNothing(before, values)) return before;
    const dates = { date: values.date ?? before.date, date_sent: values.date_sent ?? before.date_sent };
    if (!sentInOrder(dates)) throw badRequest(BINDER_MESSAGES.sentBeforeDate);
    const at = ctx.now();
    const [row] = await tx
      .update(rb)
      .set({ ...toColumns(values), updatedBy: user, updatedAt: at })
      .where(eq(rb.id, id))
      .returning();
    const after = toBinderRow(row!);
    await recordChange(tx, {
      kind: BINDER_ENTITY,
      entityId: id,
      action: "update",
      workOrder: after.work_order,
      user,
      before,
      after,
      now: at,
    });
    return after;
  });
}

async function removeIn(ctx: ServiceCtx, tx: DbOrTx, row: Row, at: Date) {
  const before = toBinderRow(row);
  await tx.delete(rb).where(eq(rb.id, row.id));
  return recordChange(tx, {
    kind: BINDER_ENTITY,
    entityId: row.id,
    action: "delete",
    workOrder: before.work_order,
    user: ctx.user.email,
    before,
    after: null,
    now: at,
  });
}

export async function removeRow(ctx: ServiceCtx, { id }: { id: number }): Promise<{ change_id: number }> {
  return ctx.db.transaction(async (tx) => ({
    change_id: await removeIn(ctx, tx, await rowById(tx, id), ctx.now()),
  }));
}

/** Removes the rows that exist and says which ids were missing; all in one transaction. */
export async function removeRows(ctx: ServiceCtx, { ids }: { ids: number[] }) {
  const unique = [...new Set(ids)];
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(rb).where(inArray(rb.id, unique));
    const at = ctx.now();
    const deleted: { id: number; change_id: number }[] = [];
    for (const row of rows) deleted.push({ id: row.id, change_id: await removeIn(ctx, tx, row, at) });
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.filter((id) => !found.has(id));
    await recordAudit(
      tx,
      {
        actor: ctx.user.email,
        action: "binder.bulkDelete",
        target: `${deleted.length} rows`,
        details: { ids: deleted.map((d) => d.id), missing },
      },
      at,
    );
    return { deleted, missing };
  });
}

/** Undo of a removal: re-creates the row (same id) from its delete record, exactly once. */
export async function restoreRow(
  ctx: ServiceCtx,
  { change_id: changeId }: { change_id: number },
): Promise<BinderRow> {
  const user = ctx.user.email;
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    const claimed = await claimRestore<BinderRow>(tx, { kind: BINDER_ENTITY, changeId, user, now: at });
    const snapshot = claimed.before!;
    const [clash] = await tx.select({ id: rb.id }).from(rb).where(eq(rb.id, snapshot.id)).limit(1);
    if (clash) throw conflict(`Row ${snapshot.id} already exists; nothing to restore.`);
    await tx.insert(rb).values({
      id: snapshot.id,
      ...toColumns(snapshot),
      workOrder: snapshot.work_order,
      createdBy: user,
      updatedBy: user,
      updatedAt: at,
    });
    const restoreId = await recordChange(tx, {
      kind: BINDER_ENTITY,
      entityId: snapshot.id,
      action: "restore",
      workOrder: snapshot.work_order,
      user,
      before: null,
      after: snapshot,
      now: at,
    });
    await linkRestore(tx, changeId, restoreId);
    return snapshot;
  });
}

/*
 * Reads: every signed-in staff member keeps the binder, so the ServiceCtx (a signed-in caller) is the whole
 * check; both doors read through these rather than the queries.
 */
export const binderStatus = (ctx: ServiceCtx) => binderHealth(ctx.db);
/** A page of the binder, each row with its work order's indexed report (one look-up for the page). */
export async function binderPage(ctx: ServiceCtx, input: Parameters<typeof listBinder>[1]) {
  const page = await listBinder(ctx.db, input);
  return { ...page, rows: await withWorkOrderReports(ctx, page.rows) };
}
/** The page of a list (as the screen shows it) that holds a row: where a saved row went. */
export const binderPlace = (ctx: ServiceCtx, input: Parameters<typeof locateBinderRow>[1]) =>
  locateBinderRow(ctx.db, input);
export const binderChanges = (ctx: ServiceCtx, { limit }: { limit: number }) =>
  listChanges(ctx.db, BINDER_ENTITY, { limit });
export const binderExport = (ctx: ServiceCtx, input: Parameters<typeof binderCsv>[1]) =>
  binderCsv(ctx.db, input);

/** A work order's binder rows: what the binder shows any signed-in person. */
export const binderRowsOfWorkOrder = (ctx: ServiceCtx, ref: WorkOrderRef) => workOrderBinderRows(ctx.db, ref);

/**
 * Binder rows for the one search: the binder's own search (file, work order, initials or billing; 3+ characters
 * anywhere through its trigram index), first page newest first; any signed-in person reads the binder.
 */
export async function findBinderRows(
  ctx: ServiceCtx,
  input: { q: string; limit: number },
): Promise<FoundGroup> {
  const page = await binderPage(ctx, { ...binderListInput.parse({ q: input.q }), page_size: input.limit });
  return {
    ...cappedCount(page.total, page.total_capped),
    hits: page.rows.map((r) => ({
      key: `binder:${r.id}`,
      // A row may have no file yet: its work order names it then.
      title: r.pdf_file || r.work_order,
      detail: [r.work_order, r.engineer_initials, r.date].filter(Boolean).join(" · "),
      snippet: markWords(`${r.pdf_file} — ${r.work_order}${r.billing ? ` — ${r.billing}` : ""}`, input.q),
      link: r.pdf_file
        ? pathWith("/reports-binder", { q: r.pdf_file })
        : pathWith("/reports-binder", { wo: r.work_order }),
    })),
    more: pathWith("/reports-binder", { q: input.q }),
  };
}
