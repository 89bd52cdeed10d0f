import {
  BINDER_IMPORT_MAX_BYTES,
  binderBulkDeleteInput,
  binderCreateInput,
  binderImportInput,
  binderListInput,
  binderRestoreInput,
  binderUpdateInput,
  unknownListParams,
} from "@shared/reports-binder";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { restArea } from "../../http/openapi/route-doc";
import { idParam, jsonBody, queryParams, restPage, spreadsheetImport } from "../../http/rest-helpers";
import { badRequest } from "../../lib/errors";
import { restServiceCtx, type ServiceCtx } from "../../lib/service-ctx";
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

const doc = restArea({ tag: "Reports binder", access: "signed-in" });

/** The spec's binder REST paths (plus CSV export and restore), on the same service as the tRPC router. */
export function reportsBinderRest(deps: AppDeps) {
  const ctx = (request: Request) => restServiceCtx(deps, request);
  return new Elysia().use(binderImport(ctx)).use(binderReads(ctx)).use(binderWrites(ctx));
}

type CtxOf = (request: Request) => ServiceCtx;

/**
 * The list's query, refusing a parameter it does not take: left unread, `work_order=…` would answer every row as
 * if it had filtered them.
 */
function listQuery(query: Record<string, unknown>) {
  const unknown = Object.keys(query ?? {}).filter((k) => !Object.hasOwn(binderListInput.shape, k));
  if (unknown.length > 0) throw badRequest(unknownListParams(unknown));
  return queryParams(binderListInput, query);
}

/** multipart/form-data: `file` (CSV or .xlsx); dry_run=1 in the query or the form previews only. */
const binderImport = (ctx: CtxOf) =>
  new Elysia({ prefix: "/api/reports-binder" }).post(
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
    {
      parse: "none",
      detail: doc({
        summary: "Import rows (dry_run=1 previews)",
        form: { files: { file: ".csv or .xlsx (10 MB)" } },
        returns: "{ ok, dry_run, rows, valid, imported, rejected, message }",
        errors: [413, 415, 422],
      }),
    },
  );

const binderReads = (ctx: CtxOf) =>
  new Elysia({ prefix: "/api/reports-binder" })
    .use(jsonBodies())
    .get("/_health", ({ request }) => binderStatus(ctx(request)), {
      detail: doc({
        summary: "The binder database's health",
        returns: "{ ok, db_exists, db_path, error }",
      }),
    })
    .get("/", async ({ request, query }) => restPage(await binderPage(ctx(request), listQuery(query))), {
      detail: doc({
        summary: "A page of binder rows (wo filters by work order; an unknown parameter is a 400)",
        query: binderListInput,
        returns: "{ rows: [row with report: { file_id, file_name, stored } | null], total }",
      }),
    })
    .get(
      "/export.csv",
      ({ request, query }) => {
        const service = ctx(request);
        const stamp = service.now().toISOString().slice(0, 10);
        const input = listQuery(query);
        return new Response(binderExport(service, input), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="reports-binder-${stamp}.csv"`,
          },
        });
      },
      {
        detail: doc({
          summary: "The filtered rows as CSV, in the list's order",
          query: binderListInput,
          returns: "CSV",
          type: "text/csv",
        }),
      },
    );

/** Row changes (each one undoable through /restore). */
const binderWrites = (ctx: CtxOf) =>
  new Elysia({ prefix: "/api/reports-binder" })
    .use(jsonBodies())
    .post("/", ({ request, body }) => createRow(ctx(request), jsonBody(binderCreateInput, body)), {
      detail: doc({ summary: "Add a row", body: binderCreateInput, returns: "the row" }),
    })
    .post(
      "/bulk-delete",
      ({ request, body }) => removeRows(ctx(request), jsonBody(binderBulkDeleteInput, body)),
      {
        detail: doc({
          summary: "Delete rows",
          body: binderBulkDeleteInput,
          returns: "{ deleted: [{ id, change_id }], missing }",
        }),
      },
    )
    .post("/restore", ({ request, body }) => restoreRow(ctx(request), jsonBody(binderRestoreInput, body)), {
      detail: doc({
        summary: "Undo a delete",
        body: binderRestoreInput,
        returns: "the row",
        errors: [404, 409],
      }),
    })
    .put(
      "/:id",
      ({ request, params, body }) =>
        updateRow(ctx(request), { id: idParam(params.id), values: jsonBody(binderUpdateInput, body) }),
      {
        detail: doc({ summary: "Change a row", body: binderUpdateInput, returns: "the row", errors: [404] }),
      },
    )
    .delete("/:id", ({ request, params }) => removeRow(ctx(request), { id: idParam(params.id) }), {
      detail: doc({ summary: "Delete a row", returns: "{ change_id }", errors: [404] }),
    });
