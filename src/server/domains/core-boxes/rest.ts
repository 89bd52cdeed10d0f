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
import { restArea } from "../../http/openapi/route-doc";
import { idParam, jsonBody, queryParams, restPage, spreadsheetImport } from "../../http/rest-helpers";
import { restServiceCtx, type ServiceCtx } from "../../lib/service-ctx";
import { exportCsv } from "./export";
import { importBoxes } from "./import";
import * as boxes from "./service";

const doc = restArea({ tag: "Core boxes", access: "signed-in" });
type CtxOf = (request: Request) => ServiceCtx;

export function coreBoxesRest(deps: AppDeps) {
  const as = (request: Request) => restServiceCtx(deps, request);
  return new Elysia().use(boxImport(as)).use(boxReads(as)).use(boxWrites(as));
}

/** multipart/form-data: `file` (CSV or .xlsx); dry_run=1 in the query or the form previews only. */
const boxImport = (as: CtxOf) =>
  new Elysia().post(
    "/api/core-boxes/import",
    (c) =>
      spreadsheetImport(
        c,
        { schema: coreBoxImportInput, maxBytes: IMPORT_MAX_BYTES, tooLarge: "The file is larger than 5 MB." },
        (input) => importBoxes(as(c.request), input),
      ),
    {
      parse: "none",
      detail: doc({
        summary: "Import boxes (dry_run=1 previews; all or nothing)",
        form: { files: { file: ".csv or .xlsx (5 MB)" } },
        returns: "{ ok, dry_run, file_name, rows, valid, imported, rejected, message }",
        errors: [413, 415, 422],
      }),
    },
  );

const boxReads = (as: CtxOf) =>
  new Elysia()
    .use(jsonBodies())
    .get(
      "/api/core-boxes",
      ({ request, query }) => boxes.list(as(request), queryParams(coreBoxListInput, query)).then(restPage),
      {
        detail: doc({
          summary:
            "A page of core boxes (expires=30|60|90: storage expiring from today up to that many days)",
          query: coreBoxListInput,
          returns: "{ rows: [box with status and report: { file_id, file_name, stored } | null], total }",
        }),
      },
    )
    .get("/api/core-boxes/years", ({ request }) => boxes.years(as(request)), {
      detail: doc({ summary: "Years with boxes", returns: "{ years }" }),
    })
    .get("/api/core-boxes/islands", ({ request }) => boxes.islands(as(request)), {
      detail: doc({ summary: "Islands with boxes", returns: "{ islands }" }),
    })
    .get(
      "/api/core-boxes/changes",
      ({ request, query }) => boxes.changes(as(request), queryParams(changesInput, query)),
      { detail: doc({ summary: "Change history", query: changesInput, returns: "{ changes }" }) },
    )
    .get(
      "/api/core-boxes/export.csv",
      async ({ request, query }) => {
        const { fileName, stream } = await exportCsv(as(request), queryParams(coreBoxFilters, query));
        return new Response(stream, {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="${fileName}"`,
            "cache-control": "no-store",
          },
        });
      },
      {
        detail: doc({
          summary: "The filtered boxes as CSV",
          query: coreBoxFilters,
          returns: "CSV",
          type: "text/csv",
        }),
      },
    )
    .get(
      "/api/core-boxes/:id",
      ({ request, params }) => boxes.byId(as(request), { id: idParam(params.id) }),
      {
        detail: doc({ summary: "One box", returns: "the box", errors: [404] }),
      },
    );

const boxWrites = (as: CtxOf) =>
  new Elysia()
    .use(jsonBodies())
    .post(
      "/api/core-boxes/restore",
      ({ request, body }) => boxes.restoreBox(as(request), jsonBody(restoreInput, body)),
      {
        detail: doc({ summary: "Undo a delete", body: restoreInput, returns: "the box", errors: [404, 409] }),
      },
    )
    .post(
      "/api/core-boxes/bulk-delete",
      ({ request, body }) => boxes.removeBoxes(as(request), jsonBody(coreBoxIdsInput, body)),
      {
        detail: doc({
          summary: "Remove boxes marked Dump (others are skipped with the reason)",
          body: coreBoxIdsInput,
          returns: "{ removed, skipped }",
        }),
      },
    )
    .post(
      "/api/core-boxes",
      async ({ request, body, set }) => {
        const created = await boxes.createBox(as(request), jsonBody(coreBoxCreateInput, body));
        set.status = 201;
        return created;
      },
      {
        detail: doc({
          summary: "Add a box (the work order is the only required field)",
          body: coreBoxCreateInput,
          returns: "the box",
          status: 201,
          errors: [409],
        }),
      },
    )
    .put(
      "/api/core-boxes/:id",
      ({ request, params, body }) =>
        boxes.updateBox(as(request), { id: idParam(params.id), ...jsonBody(coreBoxPatch, body) }),
      {
        detail: doc({
          summary: "Change a box (only the fields sent)",
          body: coreBoxPatch,
          returns: "the box",
          errors: [404, 409],
        }),
      },
    )
    .delete(
      "/api/core-boxes/:id",
      ({ request, params }) => boxes.removeBox(as(request), { id: idParam(params.id) }),
      {
        detail: doc({ summary: "Remove a box marked Dump", returns: "{ change_id }", errors: [404, 409] }),
      },
    )
    .post(
      "/api/core-boxes/:id/dump-and-remove",
      ({ request, params }) => boxes.dumpAndRemove(as(request), { id: idParam(params.id) }),
      {
        detail: doc({
          summary: "Mark dumped and remove, in one step",
          returns: "{ change_id, dump_change_id }",
          errors: [404],
        }),
      },
    );
