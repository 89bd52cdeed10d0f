import { reportFilesInput, reportLinkInput, reportSearchInput } from "@shared/reports";
import { trpcServiceCtx } from "../../lib/service-ctx";
import { authedProcedure, router } from "../../trpc/init";
import { searchReports } from "./search";
import { listReportFiles, reportLink, reportsStats } from "./service";

/**
 * The Reports Indexer's reads (REST twins in rest.ts). Indexing is REST only (a multipart upload of many files
 * with a streamed log): POST /api/reports/bulk-index.
 */
export const reportsRouter = router({
  stats: authedProcedure.query(({ ctx }) => reportsStats(trpcServiceCtx(ctx))),
  files: authedProcedure
    .input(reportFilesInput)
    .query(({ ctx, input }) => listReportFiles(trpcServiceCtx(ctx), input)),
  search: authedProcedure
    .input(reportSearchInput)
    .query(({ ctx, input }) => searchReports(trpcServiceCtx(ctx), input)),
  link: authedProcedure
    .input(reportLinkInput)
    .query(({ ctx, input }) => reportLink(trpcServiceCtx(ctx), input)),
});
