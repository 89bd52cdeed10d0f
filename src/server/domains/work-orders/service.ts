import type { RecognizeResult, WorkOrderLookup, WorkOrderMatch } from "@shared/ocr";
import type { Env } from "../../env";
import type { ServiceCtx } from "../../lib/service-ctx";
import type { ImageLimits } from "../../ocr/image-check";
import { readWorkOrders } from "../../ocr/read-work-orders";
import { lookupWorkOrders } from "../projects/lookup";

export const imageLimits = (env: Env): ImageLimits => ({
  maxBytes: Math.round(env.OCR_MAX_MB * 1024 * 1024),
  maxPixels: env.OCR_MAX_PIXELS,
});

/* Work Order Recognition: read work orders off an image, and find their projects in the register. */

/** Image bytes (PNG/JPEG/GIF, checked here) → recognised work orders with their boxes. */
export async function recognizeWorkOrders(
  ctx: ServiceCtx,
  input: { bytes: Uint8Array },
): Promise<RecognizeResult> {
  return readWorkOrders(ctx.deps.photos, input.bytes, imageLimits(ctx.settings));
}

/** One match per work order, in the order given (the list was de-duplicated by its schema). */
export async function matchWorkOrders(
  ctx: ServiceCtx,
  input: WorkOrderLookup,
): Promise<{ matches: WorkOrderMatch[] }> {
  return { matches: await lookupWorkOrders(ctx.db, input.work_orders) };
}
