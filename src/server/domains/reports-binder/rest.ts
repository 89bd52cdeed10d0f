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
import { readForm } from "../../http/multipart";
import { requireUser } from "../../http/request-state";
import { idParam, jsonBody, queryParams } from "../../http/rest-helpers";
import { parseInput } from "../../lib/errors";
import { binderCsv } from "./export";
import { binderHealth } from "./health";
import { importBinder } from "./import";
import { listBinder } from "./queries";
import { createBinderService } from "./service";

/** The spec's binder REST paths (plus CSV export and restore), on the same service as the tRPC router. */
export function reportsBinderRest(deps: AppDeps) {
  const service = (request: Request) =>
    createBinderService({ db: deps.db, user: requireUser(request).email });
  // multipart/form-data: `file` (CSV or .xlsx); dry_run=1 in the query or the form previews only.
  const uploads = new Elysia({ prefix: "/api/reports-binder" }).post(
    "/import",
    async ({ request, query, set }) => {
      const user = requireUser(request).email;
      const form = await readForm(request, BINDER_IMPORT_MAX_BYTES, "The file is larger than 10 MB.");
      const input = parseInput(binderImportInput, {
        file: form.get("file") ?? undefined,
        dry_run: query.dry_run ?? form.get("dry_run") ?? undefined,
      });
      const result = await importBinder({ db: deps.db, user }, input);
      if (!result.ok && !result.dry_run) {
        set.status = 422;
        return { error: result.message, ...result };
      }
      return result;
    },
    { parse: "none" },
  );
  return new Elysia().use(uploads).use(
    new Elysia({ prefix: "/api/reports-binder" })
      .use(jsonBodies())
      .get("/_health", ({ request }) => {
        requireUser(request);
        return binderHealth(deps.db);
      })
      .get("/", ({ request, query }) => {
        requireUser(request);
        return listBinder(deps.db, queryParams(binderListInput, query));
      })
      .get("/export.csv", ({ request, query }) => {
        requireUser(request);
        const input = queryParams(binderListInput, query);
        const stamp = new Date().toISOString().slice(0, 10);
        return new Response(binderCsv(deps.db, input), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="reports-binder-${stamp}.csv"`,
          },
        });
      })
      .post("/", ({ request, body }) => service(request).create(jsonBody(binderCreateInput, body)))
      .post("/bulk-delete", ({ request, body }) =>
        service(request).bulkRemove(jsonBody(binderBulkDeleteInput, body).ids),
      )
      .post("/restore", ({ request, body }) =>
        service(request).restore(jsonBody(binderRestoreInput, body).change_id),
      )
      .put("/:id", ({ request, params, body }) =>
        service(request).update(idParam(params.id), jsonBody(binderUpdateInput, body)),
      )
      .delete("/:id", ({ request, params }) => service(request).remove(idParam(params.id))),
  );
}
