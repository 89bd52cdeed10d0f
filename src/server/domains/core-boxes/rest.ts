/**
 * The spec's core box REST paths (same shapes as the legacy API), plus export, import, bulk delete and the
 * atomic "Mark Dumped & Remove". Handlers only parse input and call the service.
 */
import {
  changesInput,
  coreBoxCreateInput,
  coreBoxFilters,
  coreBoxIdsInput,
  coreBoxImportInput,
  coreBoxListInput,
  coreBoxPatch,
  IMPORT_MAX_BYTES,
  restoreInput,
} from "@shared/core-boxes";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { idParam, jsonBody, queryParams, restPage, spreadsheetImport } from "../../http/rest-helpers";
import { restServiceCtx } from "../../lib/service-ctx";
import { exportCsv } from "./export";
import { importBoxes } from "./import";
import * as boxes from "./service";

export function coreBoxesRest(deps: AppDeps) {
  const as = (request: Request) => restServiceCtx(deps, request);
  // multipart/form-data: `file` (CSV or .xlsx); dry_run=1 in the query or the form previews only.
  const uploads = new Elysia().post(
    "/api/core-boxes/import",
    (c) =>
      spreadsheetImport(
        c,
        { schema: coreBoxImportInput, maxBytes: IMPORT_MAX_BYTES, tooLarge: "The file is larger than 5 MB." },
        (input) => importBoxes(as(c.request), input),
      ),
    { parse: "none" },
  );
  return new Elysia().use(uploads).use(
    new Elysia()
      .use(jsonBodies())
      .get("/api/core-boxes", ({ request, query }) =>
        boxes.list(as(request), queryParams(coreBoxListInput, query)).then(restPage),
      )
      .get("/api/core-boxes/years", ({ request }) => boxes.years(as(request)))
      .get("/api/core-boxes/islands", ({ request }) => boxes.islands(as(request)))
      .get("/api/core-boxes/changes", ({ request, query }) =>
        boxes.changes(as(request), queryParams(changesInput, query)),
      )
      .get("/api/core-boxes/export.csv", async ({ request, query }) => {
        const { fileName, stream } = await exportCsv(as(request), queryParams(coreBoxFilters, query));
        return new Response(stream, {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="${fileName}"`,
            "cache-control": "no-store",
          },
        });
      })
      .post("/api/core-boxes/restore", ({ request, body }) =>
        boxes.restoreBox(as(request), jsonBody(restoreInput, body)),
      )
      .post("/api/core-boxes/bulk-delete", ({ request, body }) =>
        boxes.removeBoxes(as(request), jsonBody(coreBoxIdsInput, body)),
      )
      .post("/api/core-boxes", async ({ request, body, set }) => {
        const created = await boxes.createBox(as(request), jsonBody(coreBoxCreateInput, body));
        set.status = 201;
        return created;
      })
      .get("/api/core-boxes/:id", ({ request, params }) =>
        boxes.byId(as(request), { id: idParam(params.id) }),
      )
      .put("/api/core-boxes/:id", ({ request, params, body }) =>
        boxes.updateBox(as(request), { id: idParam(params.id), ...jsonBody(coreBoxPatch, body) }),
      )
      .delete("/api/core-boxes/:id", ({ request, params }) =>
        boxes.removeBox(as(request), { id: idParam(params.id) }),
      )
      .post("/api/core-boxes/:id/dump-and-remove", ({ request, params }) =>
        boxes.dumpAndRemove(as(request), { id: idParam(params.id) }),
      ),
  );
}
