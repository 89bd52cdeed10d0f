import { deleteInput, historyInput, moveInput, reindexBatchInput, reindexInput } from "@shared/storage";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { jsonBody, queryParams } from "../../http/rest-helpers";
import { notFound } from "../../lib/errors";
import { restServiceCtx } from "../../lib/service-ctx";
import { uploadLimits } from "../../storage/access";
import { LocalObjectStore } from "../../storage/local";
import { serveSignedFile } from "../../storage/serve-object";
import { formUpload } from "../../storage/upload-form";
import { listFiles, listHistory, listLinks } from "./queries";
import { reindexFile, reindexFiles } from "./reindex";
import { moveFile, removeFiles } from "./service";
import { uploadPdf } from "./upload";

/**
 * The spec's storage paths. Identity is the signed-in user; the `user` form field and the X-User header the
 * spec's clients send are accepted and ignored.
 */
export function storageRest(deps: AppDeps) {
  const ctxOf = (request: Request) => restServiceCtx(deps, request);
  return (
    new Elysia()
      // The body is a stream the service reads (after its checks): Elysia must not buffer it.
      .post(
        "/api/s3/upload",
        ({ request }) => uploadPdf(ctxOf(request), formUpload(request, deps.env.DATA_DIR)),
        { parse: "none" },
      )
      .use(
        new Elysia()
          .use(jsonBodies())
          .get("/api/s3/files", async ({ request }) => ({ files: await listFiles(ctxOf(request)) }))
          .get("/api/s3-files", async ({ request }) => ({ files: await listLinks(ctxOf(request)) }))
          .get("/api/s3/history", async ({ request, query }) => ({
            events: await listHistory(ctxOf(request), queryParams(historyInput, query)),
          }))
          .get("/api/s3/limits", ({ request }) => uploadLimits(ctxOf(request)))
          .post("/api/s3/delete", ({ request, body }) =>
            removeFiles(ctxOf(request), jsonBody(deleteInput, body)),
          )
          .post("/api/s3/move", ({ request, body }) => moveFile(ctxOf(request), jsonBody(moveInput, body)))
          .post("/api/s3/reindex", ({ request, body }) =>
            reindexFile(ctxOf(request), jsonBody(reindexInput, body)),
          )
          .post("/api/s3/reindex-batch", ({ request, body }) =>
            reindexFiles(ctxOf(request), jsonBody(reindexBatchInput, body)),
          ),
      )
  );
}

/** Signed downloads of the local store (the link is the authority, no session); S3 links go to the bucket. */
export function signedFilesRoute(deps: AppDeps) {
  const serve = ({ request }: { request: Request }) => {
    if (!(deps.store instanceof LocalObjectStore)) throw notFound("Not found.");
    return serveSignedFile(deps.store, request, { framers: deps.env.CORS_ORIGINS });
  };
  return new Elysia().get("/files/*", serve).head("/files/*", serve);
}
