import { dbNameInput, type deleteDbInput, uploadHistoryInput } from "@shared/documents";
import { z } from "zod";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { inspectDb } from "./inspect";
import { listDbs, listFiles, pdfLinks, uploadHistory } from "./queries";
import { deleteDb, documentFeatures, refreshEmbeddings } from "./service";

/**
 * The Index Manager's and the Database Explorer's calls (REST twins in rest.ts). Reads are open to signed-in
 * staff; writes need Admin or Owner, enforced in the service. Uploads are REST only (multipart with progress):
 * POST /api/process-file.
 */
export const documentsRouter = router({
  listDbs: authedProcedure.query(async ({ ctx }) => ({ dbs: await listDbs(trpcServiceCtx(ctx)) })),
  listFiles: authedProcedure
    .input(dbNameInput)
    .query(async ({ ctx, input }) => ({ files: await listFiles(trpcServiceCtx(ctx), input) })),
  inspect: authedProcedure
    .input(dbNameInput)
    .query(({ ctx, input }) => inspectDb(trpcServiceCtx(ctx), input)),
  /** The signed-link map source: every stored original of every listed database. */
  pdfLinks: authedProcedure.query(async ({ ctx }) => ({ files: await pdfLinks(trpcServiceCtx(ctx)) })),
  uploadHistory: authedProcedure
    .input(uploadHistoryInput)
    .query(async ({ ctx, input }) => ({ entries: await uploadHistory(trpcServiceCtx(ctx), input) })),
  // Parsed in the service, after the role check (a User is refused before anything about the form).
  deleteDb: authedProcedure
    .input(z.custom<z.input<typeof deleteDbInput>>())
    .mutation(({ ctx, input }) => deleteDb(trpcServiceCtx(ctx), input)),
  features: authedProcedure.query(({ ctx }) => documentFeatures(trpcServiceCtx(ctx))),
  refreshEmbeddings: authedProcedure
    .input(dbNameInput)
    .mutation(({ ctx, input }) => refreshEmbeddings(trpcServiceCtx(ctx), input)),
});
