import { lookupInput } from "@shared/ocr";
import type { AppDeps } from "../../deps";
import { authedProcedure, router } from "../../trpc/init";
import { createWorkOrdersService, imageLimits } from "./service";

const service = (deps: AppDeps) =>
  createWorkOrdersService({ db: deps.db, ocr: deps.ocr, limits: imageLimits(deps.env) });

/**
 * Work Order Recognition for any signed-in staff member. Images are uploaded through REST (`POST /api/ocr-upload`,
 * multipart); the lookup is here too so the screen gets typed answers.
 */
export const workOrdersRouter = router({
  /** A mutation (POST) because a list of hundreds of work orders does not fit a GET URL. */
  lookup: authedProcedure
    .input(lookupInput)
    .mutation(async ({ ctx, input }) => ({ matches: await service(ctx.deps).lookup(input.work_orders) })),
  /** What the screen checks before uploading (the server checks again). */
  limits: authedProcedure.query(({ ctx }) => ({
    maxMb: ctx.deps.env.OCR_MAX_MB,
    maxPixels: ctx.deps.env.OCR_MAX_PIXELS,
    importMaxMb: ctx.deps.env.PROJECTS_IMPORT_MAX_MB,
  })),
});
