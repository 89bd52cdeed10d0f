import { lookupInput } from "@shared/ocr";
import { workOrderPageInput } from "@shared/work-orders";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { formFile, readForm } from "../../http/multipart";
import { jsonBody, queryParams } from "../../http/rest-helpers";
import { restServiceCtx } from "../../lib/service-ctx";
import { workOrderPage } from "./page";
import { imageLimits, matchWorkOrders, recognizeWorkOrders } from "./service";

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
    { parse: "none" },
  );
  const json = new Elysia()
    .use(jsonBodies())
    .post("/api/lookup-work-orders", ({ request, body }) => {
      const ctx = restServiceCtx(deps, request);
      return matchWorkOrders(ctx, jsonBody(lookupInput, body));
    })
    .get("/api/work-orders/:wo", ({ request, params }) =>
      workOrderPage(restServiceCtx(deps, request), queryParams(workOrderPageInput, { wo: params.wo })),
    );
  return new Elysia().use(uploads).use(json);
}
