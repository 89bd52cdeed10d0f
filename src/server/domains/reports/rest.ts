import {
  type BulkIndexLine,
  bulkIndexFields,
  reportFilesInput,
  reportLinkInput,
  reportSearchInput,
} from "@shared/reports";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { ndjsonResponse, wantsNdjson } from "../../http/ndjson";
import { restArea } from "../../http/openapi/route-doc";
import { idParam, json, queryParams } from "../../http/rest-helpers";
import { parseInput } from "../../lib/errors";
import { restServiceCtx } from "../../lib/service-ctx";
import { bulkLines, startBulkIndex } from "./bulk";
import { searchReports } from "./search";
import { assertCanWrite, listReportFiles, reportLink, reportsStats } from "./service";

const doc = restArea({ tag: "Reports", access: "signed-in" });

/**
 * The Reports Indexer's REST paths (the spec's three plus search and link, docs/decisions/0026), on the same
 * service functions as the `reports` tRPC router. Reads for signed-in staff; indexing for Admins and Owners.
 */
export function reportsRest(deps: AppDeps) {
  // GETs and one multipart path: no JSON body to parse here.
  return new Elysia().use(reportReads(deps)).use(bulkIndexRoute(deps));
}

const reportReads = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/reports" })
    .get("/stats", ({ request }) => reportsStats(restServiceCtx(deps, request)), {
      detail: doc({ summary: "Indexed reports, pages and chunks", returns: "{ files, pages, chunks }" }),
    })
    .get(
      "/files",
      ({ request, query }) => {
        const ctx = restServiceCtx(deps, request);
        return listReportFiles(ctx, queryParams(reportFilesInput, query));
      },
      {
        detail: doc({
          summary: "A page of indexed reports",
          query: reportFilesInput,
          returns: "{ files, total }",
        }),
      },
    )
    .get(
      "/search",
      async ({ request, query }) => {
        const ctx = restServiceCtx(deps, request);
        // The REST shape stays `{ hits, total }` (total stops at 10,000); `total_capped` is for the screen.
        const { hits, total } = await searchReports(ctx, queryParams(reportSearchInput, query));
        return { hits, total };
      },
      {
        detail: doc({ summary: "Search report pages", query: reportSearchInput, returns: "{ hits, total }" }),
      },
    )
    .get(
      "/files/:id/link",
      ({ request, params, query }) => {
        const ctx = restServiceCtx(deps, request);
        const file_id = idParam(params.id, "The report id");
        return reportLink(ctx, parseInput(reportLinkInput, { file_id, page: query.page || undefined }));
      },
      {
        detail: doc({
          summary: "A report's signed link (at a page)",
          // The id is the path's; the rest of the schema is the query.
          query: reportLinkInput.omit({ file_id: true }),
          returns: "{ url }",
          errors: [404],
        }),
      },
    );

/** Indexing many reports at once, for Admins and Owners (NDJSON progress when asked for). */
const bulkIndexRoute = (deps: AppDeps) =>
  new Elysia({ prefix: "/api/reports" }).post(
    "/bulk-index",
    async ({ request }) => {
      const ctx = restServiceCtx(deps, request);
      // Refuse before reading a byte of the body.
      assertCanWrite(ctx);
      const start = await startBulkIndex(ctx, request);
      if (!start.ok) return json(400, { error: start.error, steps: start.steps });
      const lines = bulkLines(ctx, start);
      if (wantsNdjson(request)) {
        return ndjsonResponse<BulkIndexLine>(lines, () => ({
          done: true,
          ok: false,
          steps: [],
          indexed: 0,
          replaced: 0,
          skipped: 0,
          failed: 0,
          error: "Lost track of the indexing run.",
        }));
      }
      for await (const line of lines) {
        if (!("done" in line)) continue;
        const { done: _, ok: __, error, ...rest } = line;
        return error ? json(422, { error, ...rest }) : rest;
      }
    },
    // The body is a stream of files we parse ourselves: Elysia must not buffer it.
    {
      parse: "none",
      detail: doc({
        summary: "Index many reports (####-##X.Project.pdf)",
        access: "admin",
        form: { fields: bulkIndexFields, files: { files: "PDFs, repeated (at most 1,000)" } },
        returns:
          "{ steps, indexed, replaced, skipped, failed } (NDJSON lines with Accept: application/x-ndjson)",
        errors: [413, 422],
      }),
    },
  );
