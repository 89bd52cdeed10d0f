import {
  binderBulkDeleteInput,
  binderCreateInput,
  binderImportInput,
  binderListInput,
  binderUpdateInput,
} from "@shared/reports-binder";
import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../deps";
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
  return (
    new Elysia({ prefix: "/api/reports-binder" })
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
      // multipart/form-data: `file` (CSV or .xlsx); dry_run=1 in the query or the form previews only.
      .post("/import", async ({ request, query, body, set }) => {
        const user = requireUser(request).email;
        const form = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
        const input = parseInput(binderImportInput, {
          file: form.file,
          dry_run: query.dry_run ?? form.dry_run,
        });
        const result = await importBinder({ db: deps.db, user }, input);
        if (!result.ok && !result.dry_run) {
          set.status = 422;
          return { error: result.message, ...result };
        }
        return result;
      })
      .post("/bulk-delete", ({ request, body }) =>
        service(request).bulkRemove(jsonBody(binderBulkDeleteInput, body).ids),
      )
      .post("/restore", ({ request, body }) =>
        service(request).restore(
          jsonBody(z.object({ change_id: z.number().int().positive() }), body).change_id,
        ),
      )
      .put("/:id", ({ request, params, body }) =>
        service(request).update(idParam(params.id), jsonBody(binderUpdateInput, body)),
      )
      .delete("/:id", ({ request, params }) => service(request).remove(idParam(params.id)))
  );
}
