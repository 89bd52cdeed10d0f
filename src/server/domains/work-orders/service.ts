import type { RecognizeResult, WorkOrderLookup, WorkOrderMatch } from "@shared/ocr";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { GateStopped } from "../../lib/fair-gate";
import type { ServiceCtx } from "../../lib/service-ctx";
import type { ImageLimits } from "../../ocr/photos/image-check";
import { readWorkOrders } from "../../ocr/photos/read-work-orders";
import { lookupWorkOrders, registerForReadings } from "../projects/service";

export const imageLimits = (env: Env): ImageLimits => ({
  maxBytes: Math.round(env.OCR_MAX_MB * 1024 * 1024),
  maxPixels: env.OCR_MAX_PIXELS,
});

/* Work Order Recognition: read work orders off an image, and find their projects in the register. */

/**
 * Image bytes (PNG/JPEG/GIF, checked here) → recognised work orders with their boxes. Within the person's rate
 * (429), then read in turn: photos wait for a reader round-robin by person, so one person's batch delays
 * another's single photo by at most one photo, and a request that ends while it waits leaves the line.
 */
export async function recognizeWorkOrders(
  ctx: ServiceCtx,
  input: { bytes: Uint8Array; signal?: AbortSignal | null },
): Promise<RecognizeResult> {
  const { limits, photos } = ctx.deps;
  limits.rate.photos.take(ctx.user.email);
  const inTurn = {
    read: (bytes: Uint8Array, maxPixels: number) =>
      limits.photos.run(ctx.user.email, () => photos.read(bytes, maxPixels), {
        signal: input.signal,
        bytes: bytes.length,
      }),
  };
  try {
    return await readWorkOrders(inTurn, input.bytes, imageLimits(ctx.settings), registerForReadings(ctx.db));
  } catch (err) {
    if (err instanceof GateStopped)
      throw new AppError("BAD_REQUEST", "The photo was withdrawn before it was read.");
    throw err;
  }
}

/** One match per work order, in the order given (the list was de-duplicated by its schema). */
export async function matchWorkOrders(
  ctx: ServiceCtx,
  input: WorkOrderLookup,
): Promise<{ matches: WorkOrderMatch[] }> {
  return { matches: await lookupWorkOrders(ctx.db, input.work_orders) };
}
