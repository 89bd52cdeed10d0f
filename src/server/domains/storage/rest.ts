import { join } from "node:path";
import { deleteInput, historyInput, moveInput, reindexBatchInput, reindexInput } from "@shared/storage";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { requireUser } from "../../http/request-state";
import { jsonBody, queryParams } from "../../http/rest-helpers";
import { notFound } from "../../lib/errors";
import { LocalObjectStore } from "../../storage/local";
import { serveSignedFile } from "../../storage/serve-object";
import { reindexFile, reindexFiles } from "./reindex";
import {
  assertCanWrite,
  listFiles,
  listHistory,
  listLinks,
  moveFile,
  removeFiles,
  storageLimits,
} from "./service";
import { uploadPdf } from "./upload";
import { receiveUpload } from "./upload-form";

/**
 * The spec's storage paths. Identity is the signed-in user; the `user` form field and the X-User header the
 * spec's clients send are accepted and ignored.
 */
export function storageRest(deps: AppDeps) {
  return new Elysia().use(storageUploads(deps)).use(storageJson(deps));
}

function storageUploads(deps: AppDeps) {
  return new Elysia().post(
    "/api/s3/upload",
    async ({ request }) => {
      const user = requireUser(request);
      // Refuse before reading a byte of the body.
      assertCanWrite(user);
      const limits = storageLimits(deps);
      return receiveUpload(
        request,
        {
          spoolDir: join(deps.env.DATA_DIR, "tmp"),
          maxBytes: limits.uploadMaxBytes,
          maxMb: limits.uploadMaxMb,
          placeFields: ["db_name", "prefix"],
        },
        (file) => uploadPdf(deps, user, file),
      );
    },
    // The body is a stream we parse ourselves: Elysia must not buffer it.
    { parse: "none" },
  );
}

function storageJson(deps: AppDeps) {
  return new Elysia()
    .use(jsonBodies())
    .get("/api/s3/files", async () => ({ files: await listFiles(deps) }))
    .get("/api/s3-files", async () => ({ files: await listLinks(deps) }))
    .get("/api/s3/history", async ({ query }) => ({
      events: await listHistory(deps, queryParams(historyInput, query)),
    }))
    .get("/api/s3/limits", () => storageLimits(deps))
    .post("/api/s3/delete", ({ request, body }) =>
      removeFiles(deps, requireUser(request), jsonBody(deleteInput, body)),
    )
    .post("/api/s3/move", ({ request, body }) =>
      moveFile(deps, requireUser(request), jsonBody(moveInput, body)),
    )
    .post("/api/s3/reindex", ({ request, body }) => {
      const user = requireUser(request);
      assertCanWrite(user);
      return reindexFile(deps, user, jsonBody(reindexInput, body));
    })
    .post("/api/s3/reindex-batch", ({ request, body }) => {
      const user = requireUser(request);
      assertCanWrite(user);
      return reindexFiles(deps, user, jsonBody(reindexBatchInput, body));
    });
}

/** Signed downloads of the local store (the link is the authority, no session); S3 links go to the bucket. */
export function signedFilesRoute(deps: AppDeps) {
  const serve = ({ request }: { request: Request }) => {
    if (!(deps.store instanceof LocalObjectStore)) throw notFound("Not found.");
    return serveSignedFile(deps.store, request, { framers: deps.env.CORS_ORIGINS });
  };
  return new Elysia().get("/files/*", serve).head("/files/*", serve);
}
