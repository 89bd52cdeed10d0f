import {
  binderBulkDeleteInput,
  binderCreateInput,
  binderListInput,
  binderUpdateInput,
} from "@shared/reports-binder";
import { Elysia } from "elysia";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { requireUser } from "../../http/request-state";
import { idParam, jsonBody, queryParams } from "../../http/rest-helpers";
import { binderCsv } from "./export";
import { binderHealth } from "./health";
import { listBinder } from "./queries";
import { createBinderService } from "./service";

/** The spec's binder REST paths (plus CSV export and restore), on the same service as the tRPC router. */
export function reportsBinderRest(deps: AppDeps) {
  const service = (request: Request) =>
    createBinderService({ db: deps.db, user: requireUser(request).email });
  return new Elysia({ prefix: "/api/reports-binder" })
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
      service(request).restore(
        jsonBody(z.object({ change_id: z.number().int().positive() }), body).change_id,
      ),
    )
    .put("/:id", ({ request, params, body }) =>
      service(request).update(idParam(params.id), jsonBody(binderUpdateInput, body)),
    )
    .delete("/:id", ({ request, params }) => service(request).remove(idParam(params.id)));
}
