import { WORK_ORDER_HISTORY_LIMIT, type WorkOrderPage, type WorkOrderRef } from "@shared/work-orders";
import type { ServiceCtx } from "../../lib/service-ctx";
import { workOrderHistory } from "../../lib/work-order-reads";
import { boxesOfWorkOrder } from "../core-boxes/service";
import { workOrderRegisterLine } from "../projects/service";
import { reportsOfWorkOrder } from "../reports/service";
import { binderRowsOfWorkOrder } from "../reports-binder/service";

/**
 * Everything about one work order: its register line, indexed reports, binder rows, core boxes and their
 * history. Each section comes from its own domain's read service, the one behind that domain's screen, so the
 * page follows each screen's rule: a screen that became stricter is stricter here too.
 */
export async function workOrderPage(ctx: ServiceCtx, { wo }: { wo: WorkOrderRef }): Promise<WorkOrderPage> {
  const [project, reports, binder, boxes] = await Promise.all([
    workOrderRegisterLine(ctx, wo),
    reportsOfWorkOrder(ctx, wo),
    binderRowsOfWorkOrder(ctx, wo),
    boxesOfWorkOrder(ctx, wo),
  ]);
  const history = await workOrderHistory(
    ctx.db,
    wo,
    { binder: binder.map((r) => r.id), boxes: boxes.map((b) => b.id) },
    WORK_ORDER_HISTORY_LIMIT,
  );
  return { work_order: wo.work_order, project, reports, binder, core_boxes: boxes, history };
}
