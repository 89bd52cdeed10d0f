import type { WorkOrderProject, WorkOrderRef } from "@shared/work-orders";
import type { Db } from "../../db/client";
import { registerLines } from "./lookup";

/**
 * The work order page's register line, by Work Order Recognition's rule (keys.ts): the exact work order, else
 * for a lettered one its base number's (marked `from_base`), for a base its first letter's.
 */
export async function registerLine(db: Db, ref: WorkOrderRef): Promise<WorkOrderProject | null> {
  const [line] = await registerLines(db, [ref.work_order]);
  return line ?? null;
}
