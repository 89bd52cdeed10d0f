import { todayIso } from "@shared/core-boxes";
import { WORK_ORDER_HISTORY_LIMIT, type WorkOrderPage, type WorkOrderRef } from "@shared/work-orders";
import type { ServiceCtx } from "../../lib/service-ctx";
import { toCoreBox, withStatus } from "../core-boxes/queries";
import {
  registerLine,
  workOrderBinderRows,
  workOrderBoxes,
  workOrderHistory,
  workOrderReports,
} from "./page-queries";

/**
 * Everything about one work order: its register line, indexed reports, binder rows, core boxes and their
 * history. Every section is what its own screen shows any signed-in person (the register through Work Order
 * Recognition, the reports, the binder, the inventory and their history drawers); a section whose screen
 * became stricter would be checked here, before it is read.
 */
export async function workOrderPage(ctx: ServiceCtx, { wo }: { wo: WorkOrderRef }): Promise<WorkOrderPage> {
  const [project, reports, binder, boxes] = await Promise.all([
    registerLine(ctx.db, wo),
    workOrderReports(ctx.db, wo),
    workOrderBinderRows(ctx.db, wo),
    workOrderBoxes(ctx.db, wo),
  ]);
  const history = await workOrderHistory(
    ctx.db,
    wo,
    { binder: binder.map((r) => r.id), boxes: boxes.map((b) => b.id) },
    WORK_ORDER_HISTORY_LIMIT,
  );
  const today = todayIso(ctx.now());
  return {
    work_order: wo.work_order,
    project,
    reports,
    binder,
    core_boxes: boxes.map((b) => withStatus(toCoreBox(b), today)),
    history,
  };
}
