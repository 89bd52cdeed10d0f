import { lookupInput } from "@shared/ocr";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { formFile, readForm } from "../../http/multipart";
import { requireUser } from "../../http/request-state";
import { jsonBody } from "../../http/rest-helpers";
import { createWorkOrdersService, imageLimits } from "./service";

/** The spec's Work Order Recognition paths, on the same service as the tRPC `workOrders` router. */
export function workOrdersRest(deps: AppDeps) {
  const limits = imageLimits(deps.env);
  const service = createWorkOrdersService({ db: deps.db, ocr: deps.ocr, limits });
  const uploads = new Elysia().post(
    "/api/ocr-upload",
    async ({ request }) => {
      requireUser(request);
      const form = await readForm(
        request,
        limits.maxBytes,
        `The image is larger than ${deps.env.OCR_MAX_MB} MB.`,
      );
      const { bytes } = await formFile(form, "image");
      return service.recognize(bytes);
    },
    { parse: "none" },
  );
  const json = new Elysia().use(jsonBodies()).post("/api/lookup-work-orders", async ({ request, body }) => {
    requireUser(request);
    const input = jsonBody(lookupInput, body);
    return { matches: await service.lookup(input.work_orders) };
  });
  return new Elysia().use(uploads).use(json);
}
