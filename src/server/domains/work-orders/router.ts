import { lookupInput, recognizeForm } from "@shared/ocr";
import { workOrderPageInput } from "@shared/work-orders";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { workOrderPage } from "./page";
import { matchWorkOrders, recognizeWorkOrders } from "./service";

/**
 * Work Order Recognition for any signed-in staff member. Images are uploaded as multipart, through REST
 * (`POST /api/ocr-upload`, which the screen uses for its progress) or here (`recognize`, FormData with `image`).
 */
export const workOrdersRouter = router({
  /** Everything about one work order (/work-orders/$wo); GET /api/work-orders/{wo} for other clients. */
  page: authedProcedure
    .input(workOrderPageInput)
    .query(({ ctx, input }) => workOrderPage(trpcServiceCtx(ctx), input)),
  /** A mutation (POST) because a list of hundreds of work orders does not fit a GET URL. */
  lookup: authedProcedure
    .input(lookupInput)
    .mutation(({ ctx, input }) => matchWorkOrders(trpcServiceCtx(ctx), input)),
  /** The same reading as POST /api/ocr-upload: readings checked against the register, `read_as`, `suggestions`. */
  recognize: authedProcedure.input(recognizeForm).mutation(async ({ ctx, input, signal }) =>
    recognizeWorkOrders(trpcServiceCtx(ctx), {
      bytes: new Uint8Array(await input.image.arrayBuffer()),
      signal,
    }),
  ),
  /** What the screen checks before uploading (the server checks again). */
  limits: authedProcedure.query(({ ctx }) => ({
    maxMb: ctx.deps.env.OCR_MAX_MB,
    maxPixels: ctx.deps.env.OCR_MAX_PIXELS,
    importMaxMb: ctx.deps.env.PROJECTS_IMPORT_MAX_MB,
  })),
});
