import { deleteInput, historyInput, moveInput, reindexBatchInput, reindexInput } from "@shared/storage";
import { authedProcedure, router } from "../../trpc/init";
import { reindexFile, reindexFiles } from "./reindex";
import { listFiles, listHistory, listLinks, moveFile, removeFiles, storageLimits } from "./service";

/**
 * The same storage actions as /api/s3/*, for the React client. Reads are open to signed-in staff; the service
 * refuses writes to anyone below Admin. Uploads are REST only (multipart with progress): POST /api/s3/upload.
 */
export const storageRouter = router({
  list: authedProcedure.query(async ({ ctx }) => ({ files: await listFiles(ctx.deps) })),
  links: authedProcedure.query(async ({ ctx }) => ({ files: await listLinks(ctx.deps) })),
  history: authedProcedure
    .input(historyInput)
    .query(async ({ ctx, input }) => ({ events: await listHistory(ctx.deps, input) })),
  limits: authedProcedure.query(({ ctx }) => storageLimits(ctx.deps)),
  remove: authedProcedure
    .input(deleteInput)
    .mutation(({ ctx, input }) => removeFiles(ctx.deps, ctx.user, input)),
  move: authedProcedure.input(moveInput).mutation(({ ctx, input }) => moveFile(ctx.deps, ctx.user, input)),
  reindex: authedProcedure
    .input(reindexInput)
    .mutation(({ ctx, input }) => reindexFile(ctx.deps, ctx.user, input)),
  reindexBatch: authedProcedure
    .input(reindexBatchInput)
    .mutation(({ ctx, input }) => reindexFiles(ctx.deps, ctx.user, input)),
});
