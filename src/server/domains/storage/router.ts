import { deleteInput, historyInput, moveInput, reindexBatchInput, reindexInput } from "@shared/storage";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { uploadLimits } from "../../storage/access";
import { authedProcedure, router } from "../../trpc/init";
import { listFiles, listHistory, listLinks } from "./queries";
import { reindexFile, reindexFiles } from "./reindex";
import { moveFile, removeFiles } from "./service";

/**
 * The same storage actions as /api/s3/*, for the React client. Reads are open to signed-in staff; the service
 * refuses writes to anyone below Admin. Uploads are REST only (multipart with progress): POST /api/s3/upload.
 */
export const storageRouter = router({
  list: authedProcedure.query(async ({ ctx }) => ({ files: await listFiles(trpcServiceCtx(ctx)) })),
  links: authedProcedure.query(async ({ ctx }) => ({ files: await listLinks(trpcServiceCtx(ctx)) })),
  history: authedProcedure
    .input(historyInput)
    .query(async ({ ctx, input }) => ({ events: await listHistory(trpcServiceCtx(ctx), input) })),
  limits: authedProcedure.query(({ ctx }) => uploadLimits(trpcServiceCtx(ctx))),
  remove: authedProcedure
    .input(deleteInput)
    .mutation(({ ctx, input }) => removeFiles(trpcServiceCtx(ctx), input)),
  move: authedProcedure.input(moveInput).mutation(({ ctx, input }) => moveFile(trpcServiceCtx(ctx), input)),
  reindex: authedProcedure
    .input(reindexInput)
    .mutation(({ ctx, input }) => reindexFile(trpcServiceCtx(ctx), input)),
  reindexBatch: authedProcedure
    .input(reindexBatchInput)
    .mutation(({ ctx, input }) => reindexFiles(trpcServiceCtx(ctx), input)),
});
