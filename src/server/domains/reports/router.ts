import { reportFilesInput, reportLinkInput, reportSearchInput } from "@shared/reports";
import { authedProcedure, router } from "../../trpc/init";
import { searchReports } from "./search";
import { listReportFiles, reportLink, reportsStats } from "./service";

/**
 * The Reports Indexer's reads (REST twins in rest.ts). Indexing is REST only (a multipart upload of many files
 * with a streamed log): POST /api/reports/bulk-index.
 */
export const reportsRouter = router({
  stats: authedProcedure.query(({ ctx }) => reportsStats(ctx.deps)),
  files: authedProcedure.input(reportFilesInput).query(({ ctx, input }) => listReportFiles(ctx.deps, input)),
  search: authedProcedure.input(reportSearchInput).query(({ ctx, input }) => searchReports(ctx.deps, input)),
  link: authedProcedure.input(reportLinkInput).query(({ ctx, input }) => reportLink(ctx.deps, input)),
});
