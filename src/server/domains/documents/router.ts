import { dbNameInput, deleteDbInput, uploadHistoryInput } from "@shared/documents";
import { authedProcedure, router } from "../../trpc/init";
import { inspectDb } from "./inspect";
import { deleteDb, listDbs, listFiles, pdfLinks, refreshEmbeddings, uploadHistory } from "./service";

/**
 * The Index Manager's and the Database Explorer's calls (REST twins in rest.ts). Reads are open to signed-in
 * staff; writes need Admin or Owner, enforced in the service. Uploads are REST only (multipart with progress):
 * POST /api/process-file.
 */
export const documentsRouter = router({
  listDbs: authedProcedure.query(async ({ ctx }) => ({ dbs: await listDbs(ctx.deps) })),
  listFiles: authedProcedure
    .input(dbNameInput)
    .query(async ({ ctx, input }) => ({ files: await listFiles(ctx.deps, input.db_name) })),
  inspect: authedProcedure.input(dbNameInput).query(({ ctx, input }) => inspectDb(ctx.deps, input.db_name)),
  /** The signed-link map source: every stored original of every listed database. */
  pdfLinks: authedProcedure.query(async ({ ctx }) => ({ files: await pdfLinks(ctx.deps) })),
  uploadHistory: authedProcedure
    .input(uploadHistoryInput)
    .query(async ({ ctx, input }) => ({ entries: await uploadHistory(ctx.deps, input) })),
  deleteDb: authedProcedure
    .input(deleteDbInput)
    .mutation(({ ctx, input }) => deleteDb(ctx.deps, ctx.user, input)),
  refreshEmbeddings: authedProcedure
    .input(dbNameInput)
    .mutation(({ ctx, input }) => refreshEmbeddings(ctx.deps, ctx.user, input.db_name)),
});
