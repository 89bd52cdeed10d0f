import {
  DOCUMENT_MESSAGES,
  dbNameInput,
  deleteDbInput,
  type ProcessStreamLine,
  uploadHistoryInput,
} from "@shared/documents";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { ndjsonResponse, wantsNdjson } from "../../http/ndjson";
import { json, jsonBody, queryParams } from "../../http/rest-helpers";
import { restServiceCtx } from "../../lib/service-ctx";
import { formUpload } from "../../storage/upload-form";
import { inspectDb } from "./inspect";
import { jobOutcome, jobProgress } from "./pipeline/queue";
import { processFile } from "./process-file";
import { listDbs, listFileNames, pdfLinks, uploadHistory } from "./queries";
import { deleteDb, refreshEmbeddings } from "./service";

/**
 * The spec's document-database paths, on the same service functions as the tRPC router. Identity is the
 * signed-in user; the `user` form field is accepted and ignored.
 */
export function documentsRest(deps: AppDeps) {
  const ctxOf = (request: Request) => restServiceCtx(deps, request);
  const jsonPaths = new Elysia()
    .use(jsonBodies())
    .get("/api/list-dbs", async ({ request }) => ({
      dbs: (await listDbs(ctxOf(request))).map((d) => d.name),
    }))
    .post("/api/list-files", async ({ request, body }) => ({
      files: await listFileNames(ctxOf(request), jsonBody(dbNameInput, body)),
    }))
    .post("/api/inspect-db", ({ request, body }) => inspectDb(ctxOf(request), jsonBody(dbNameInput, body)))
    .post("/api/delete-db", ({ request, body }) => deleteDb(ctxOf(request), jsonBody(deleteDbInput, body)))
    .get("/api/upload-history", ({ request, query }) =>
      uploadHistory(ctxOf(request), queryParams(uploadHistoryInput, query)),
    )
    .get("/api/s3-db-pdfs", async ({ request }) => ({ files: await pdfLinks(ctxOf(request)) }))
    .post("/api/refresh-embeddings", ({ request, body }) =>
      refreshEmbeddings(ctxOf(request), jsonBody(dbNameInput, body)),
    );
  const uploads = new Elysia().post(
    "/api/process-file",
    async ({ request }) => {
      const ctx = ctxOf(request);
      const jobId = await processFile(ctx, formUpload(request, deps.env.DATA_DIR));
      if (wantsNdjson(request)) {
        // jobProgress ends with its own closing line; this one is for a failure of the stream itself.
        return ndjsonResponse(
          jobProgress(ctx.deps.jobs, jobId),
          (): ProcessStreamLine => ({
            done: true,
            ok: false,
            steps: [],
            error: DOCUMENT_MESSAGES.jobLost,
          }),
        );
      }
      const r = await jobOutcome(ctx.deps.jobs, jobId);
      if (!r.ok) return json(422, { error: r.error, steps: r.steps });
      return { steps: r.steps, ...(r.document_id ? { document_id: r.document_id } : {}) };
    },
    // The body is a stream the service reads (after its checks): Elysia must not buffer it.
    { parse: "none" },
  );
  return new Elysia().use(uploads).use(jsonPaths);
}
