import {
  deleteInput,
  historyInput,
  moveInput,
  reindexBatchInput,
  reindexInput,
  uploadFields,
} from "@shared/storage";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { restArea } from "../../http/openapi/route-doc";
import { jsonBody, queryParams } from "../../http/rest-helpers";
import { notFound } from "../../lib/errors";
import { restServiceCtx, type ServiceCtx } from "../../lib/service-ctx";
import { uploadLimits } from "../../storage/access";
import { LocalObjectStore } from "../../storage/local";
import { serveSignedFile } from "../../storage/serve-object";
import { formUpload } from "../../storage/upload-form";
import { listFiles, listHistory, listLinks } from "./queries";
import { reindexFile, reindexFiles } from "./reindex";
import { moveFile, removeFiles } from "./service";
import { uploadPdf } from "./upload";

const doc = restArea({ tag: "File storage", access: "signed-in" });
const adminDoc = restArea({ tag: "File storage", access: "admin" });
type CtxOf = (request: Request) => ServiceCtx;

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
        {
          parse: "none",
          detail: adminDoc({
            summary: "Upload a PDF to <db_name>/<prefix>/<file> (send the fields first)",
            form: { fields: uploadFields, files: { file: "PDF (UPLOAD_MAX_MB)" } },
            returns: "{ key, url } (with job_id and note when indexed)",
            errors: [413, 415],
          }),
        },
      )
      .use(storageReads(ctxOf))
      .use(storageChanges(ctxOf))
  );
}

const storageReads = (ctxOf: CtxOf) =>
  new Elysia()
    .use(jsonBodies())
    .get("/api/s3/files", async ({ request }) => ({ files: await listFiles(ctxOf(request)) }), {
      detail: doc({
        summary: "Every object, with a signed link",
        returns: "{ files: [{ Key, Size, LastModified, url }] }",
      }),
    })
    .get("/api/s3-files", async ({ request }) => ({ files: await listLinks(ctxOf(request)) }), {
      detail: doc({ summary: "Every object's key and link", returns: "{ files: [{ Key, url }] }" }),
    })
    .get(
      "/api/s3/history",
      async ({ request, query }) => ({
        events: await listHistory(ctxOf(request), queryParams(historyInput, query)),
      }),
      {
        detail: doc({
          summary: "Uploads, moves and deletes, newest first",
          query: historyInput,
          returns: "{ events }",
        }),
      },
    )
    .get("/api/s3/limits", ({ request }) => uploadLimits(ctxOf(request)), {
      detail: doc({
        summary: "The upload limits",
        returns: "{ uploadMaxMb, uploadMaxBytes, driver, maxConcurrentUploads }",
      }),
    });

const storageChanges = (ctxOf: CtxOf) =>
  new Elysia()
    .use(jsonBodies())
    .post("/api/s3/delete", ({ request, body }) => removeFiles(ctxOf(request), jsonBody(deleteInput, body)), {
      detail: adminDoc({
        summary: "Delete one key or many",
        body: deleteInput,
        returns: "{ deleted, missing }",
        errors: [404],
      }),
    })
    .post("/api/s3/move", ({ request, body }) => moveFile(ctxOf(request), jsonBody(moveInput, body)), {
      detail: adminDoc({
        summary: "Move or rename within the top folder (an indexed PDF's document follows)",
        body: moveInput,
        returns: "{ key, url }",
        errors: [404, 409],
      }),
    })
    .post(
      "/api/s3/reindex",
      ({ request, body }) => reindexFile(ctxOf(request), jsonBody(reindexInput, body)),
      {
        detail: adminDoc({
          summary: "Index a stored PDF where it is",
          body: reindexInput,
          returns: "{ key, db_name, steps }",
          errors: [404, 422],
        }),
      },
    )
    .post(
      "/api/s3/reindex-batch",
      ({ request, body }) => reindexFiles(ctxOf(request), jsonBody(reindexBatchInput, body)),
      {
        detail: adminDoc({
          summary: "Index several stored PDFs",
          body: reindexBatchInput,
          returns: "{ db_name, indexed, failed, results }",
          errors: [422],
        }),
      },
    );

/** Signed downloads of the local store (the link is the authority, no session); S3 links go to the bucket. */
export function signedFilesRoute(deps: AppDeps) {
  const serve = ({ request }: { request: Request }) => {
    if (!(deps.store instanceof LocalObjectStore)) throw notFound("Not found.");
    return serveSignedFile(deps.store, request, { framers: deps.env.CORS_ORIGINS });
  };
  const signed = { access: "signed-link", type: "application/octet-stream" } as const;
  return new Elysia()
    .get("/files/*", serve, {
      detail: doc({
        ...signed,
        summary: "A signed download of the local store (Range supported)",
        returns: "the file",
        errors: [404, 416],
      }),
    })
    .head("/files/*", serve, {
      detail: doc({
        ...signed,
        summary: "A signed download's headers",
        returns: "headers only",
        errors: [404],
      }),
    });
}
