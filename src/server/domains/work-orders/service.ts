import type { RecognizeResult, WorkOrderMatch } from "@shared/ocr";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { OcrPool } from "../../ocr/pool";
import type { ImageLimits } from "../../ocr/preprocess";
import { readWorkOrders } from "../../ocr/read-work-orders";
import { lookupWorkOrders } from "../projects/lookup";

export interface WorkOrdersDeps {
  db: Db;
  ocr: OcrPool;
  limits: ImageLimits;
}

export const imageLimits = (env: Env): ImageLimits => ({
  maxBytes: Math.round(env.OCR_MAX_MB * 1024 * 1024),
  maxPixels: env.OCR_MAX_PIXELS,
});

/** Work Order Recognition: read work orders off an image, and find their projects in the register. */
export function createWorkOrdersService(deps: WorkOrdersDeps) {
  return {
    /** Image bytes (PNG/JPEG/GIF, checked here) → recognised work orders with their boxes. */
    recognize(bytes: Uint8Array): Promise<RecognizeResult> {
      return readWorkOrders(deps.ocr, bytes, deps.limits);
    },
    /** One match per work order, in the order given (the list was de-duplicated by its schema). */
    lookup(workOrders: string[]): Promise<WorkOrderMatch[]> {
      return lookupWorkOrders(deps.db, workOrders);
    },
  };
}
