import {
  BINDER_IMPORT_MAX_BYTES,
  binderBulkDeleteInput,
  binderCreateInput,
  binderImportInput,
  binderListInput,
  binderRestoreInput,
  binderUpdateInput,
} from "@shared/reports-binder";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { idParam, jsonBody, queryParams, restPage, spreadsheetImport } from "../../http/rest-helpers";
import { restServiceCtx } from "../../lib/service-ctx";
import { importBinder } from "./import";
import {
  binderExport,
  binderPage,
  binderStatus,
  createRow,
  removeRow,
  removeRows,
  restoreRow,
  updateRow,
} from "./service";

/** The spec's binder REST paths (plus CSV export and restore), on the same service as the tRPC router. */
export function reportsBinderRest(deps: AppDeps) {
  const ctx = (request: Request) => restServiceCtx(deps, request);
  // multipart/form-data: `file` (CSV or .xlsx); dry_run=1 in the query or the form previews only.
  const uploads = new Elysia({ prefix: "/api/reports-binder" }).post(
    "/import",
    (c) =>
      spreadsheetImport(
        c,
        {
          schema: binderImportInput,
          maxBytes: BINDER_IMPORT_MAX_BYTES,
          tooLarge: "The file is larger than 10 MB.",
        },
        (input) => importBinder(ctx(c.request), input),
      ),
    { parse: "none" },
  );
  return new Elysia().use(uploads).use(
    new Elysia({ prefix: "/api/reports-binder" })
      .use(jsonBodies())
      .get("/_health", ({ request }) => binderStatus(ctx(request)))
      .get("/", async ({ request, query }) =>
        restPage(await binderPage(ctx(request), queryParams(binderListInput, query))),
      )
      .get("/export.csv", ({ request, query }) => {
        const service = ctx(request);
        const stamp = service.now().toISOString().slice(0, 10);
        const input = queryParams(binderListInput, query);
        return new Response(binderExport(service, input), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="reports-binder-${stamp}.csv"`,
          },
        });
      })
      .post("/", ({ request, body }) => createRow(ctx(request), jsonBody(binderCreateInput, body)))
      .post("/bulk-delete", ({ request, body }) =>
        removeRows(ctx(request), jsonBody(binderBulkDeleteInput, body)),
      )
      .post("/restore", ({ request, body }) => restoreRow(ctx(request), jsonBody(binderRestoreInput, body)))
      .put("/:id", ({ request, params, body }) =>
        updateRow(ctx(request), { id: idParam(params.id), values: jsonBody(binderUpdateInput, body) }),
      )
      .delete("/:id", ({ request, params }) => removeRow(ctx(request), { id: idParam(params.id) })),
  );
}
