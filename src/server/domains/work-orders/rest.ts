import { lookupInput } from "@shared/ocr";
import { workOrderPageInput } from "@shared/work-orders";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { formFile, readForm } from "../../http/multipart";
import { restArea } from "../../http/openapi/route-doc";
import { jsonBody, queryParams } from "../../http/rest-helpers";
import { restServiceCtx } from "../../lib/service-ctx";
import { workOrderPage } from "./page";
import { imageLimits, matchWorkOrders, recognizeWorkOrders } from "./service";

const doc = restArea({ tag: "Work orders", access: "signed-in" });

/** The spec's Work Order Recognition paths, on the same service as the tRPC `workOrders` router. */
export function workOrdersRest(deps: AppDeps) {
  const { maxBytes } = imageLimits(deps.env);
  const uploads = new Elysia().post(
    "/api/ocr-upload",
    async ({ request }) => {
      const ctx = restServiceCtx(deps, request);
      const form = await readForm(request, maxBytes, `The image is larger than ${deps.env.OCR_MAX_MB} MB.`);
      const { bytes } = await formFile(form, "image");
      return recognizeWorkOrders(ctx, { bytes, signal: request.signal });
    },
    {
      parse: "none",
      detail: doc({
        summary: "Read work orders off a photo",
        form: { files: { image: "PNG, JPEG or GIF (OCR_MAX_MB)" } },
        returns:
          "{ recognized_work_orders, items, unsure, image, confidence, rotation, ms }; each item { work_order, box, confidence, read_as?, suggestions? }: read_as is what the recogniser read when the reading was corrected into the project register (work_order is then the registered one, also in recognized_work_orders); suggestions (up to 3 { work_order, project, client }) when the register holds no line of the reading's own",
        errors: [413, 415, 422, 429, 503],
      }),
    },
  );
  const json = new Elysia()
    .use(jsonBodies())
    .post(
      "/api/lookup-work-orders",
      ({ request, body }) => {
        const ctx = restServiceCtx(deps, request);
        return matchWorkOrders(ctx, jsonBody(lookupInput, body));
      },
      {
        detail: doc({
          summary: "Look work orders up in the project register",
          body: lookupInput,
          returns:
            "{ matches: [{ work_order, project_wo, client, project, pr, date, from_base? }] } (from_base: true when a lettered work order has no line of its own and project_wo is its base number)",
        }),
      },
    )
    .get(
      "/api/work-orders/:wo",
      ({ request, params }) =>
        workOrderPage(restServiceCtx(deps, request), queryParams(workOrderPageInput, { wo: params.wo })),
      {
        detail: doc({
          summary:
            "Everything about one work order: a base number (4321-07) gathers its letters (4321-07A, 4321-07(B)); a lettered one itself, with its base's project",
          params: workOrderPageInput,
          returns:
            "{ work_order, project: { work_order, client, project, pr, principal_engineer, date, final_report_date, from_base? } | null, reports: [{ file_id, file_name, work_order, project, pages, indexed_at, stored }], binder: [binder row], core_boxes: [box with status], history: [{ id, kind, entity_id, action, work_order, user, ts, before, after }] }",
          errors: [400],
        }),
      },
    );
  return new Elysia().use(uploads).use(json);
}
