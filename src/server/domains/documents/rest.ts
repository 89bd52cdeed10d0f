import {
  DOCUMENT_MESSAGES,
  dbNameInput,
  deleteDbInput,
  type ProcessStreamLine,
  processFileFields,
  uploadHistoryInput,
} from "@shared/documents";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { ndjsonResponse, wantsNdjson } from "../../http/ndjson";
import { restArea } from "../../http/openapi/route-doc";
import { json, jsonBody, queryParams } from "../../http/rest-helpers";
import { restServiceCtx, type ServiceCtx } from "../../lib/service-ctx";
import { formUpload } from "../../storage/upload-form";
import { inspectDb } from "./inspect";
import { jobOutcome, jobProgress } from "./pipeline/queue";
import { processFile } from "./process-file";
import { listDbs, listFileNames, pdfLinks, uploadHistory } from "./queries";
import { deleteDb, refreshEmbeddings } from "./service";

const doc = restArea({ tag: "Document databases", access: "signed-in" });
type CtxOf = (request: Request) => ServiceCtx;

/**
 * The spec's document-database paths, on the same service functions as the tRPC router. Identity is the
 * signed-in user; the `user` form field is accepted and ignored.
 */
export function documentsRest(deps: AppDeps) {
  const ctxOf = (request: Request) => restServiceCtx(deps, request);
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
    {
      parse: "none",
      detail: doc({
        summary: "Index a PDF (without action: create the database when missing, else append)",
        access: "admin",
        form: { fields: processFileFields, files: { file: "PDF (UPLOAD_MAX_MB; the PDF_* limits)" } },
        returns: "{ steps, document_id } (NDJSON steps with Accept: application/x-ndjson)",
        errors: [404, 409, 413, 415, 422],
      }),
    },
  );
  return new Elysia().use(uploads).use(databasePaths(ctxOf));
}

/** The JSON paths: list, inspect, delete and refresh databases, and the upload history. */
const databasePaths = (ctxOf: CtxOf) =>
  new Elysia()
    .use(jsonBodies())
    .get(
      "/api/list-dbs",
      async ({ request }) => ({ dbs: (await listDbs(ctxOf(request))).map((d) => d.name) }),
      {
        detail: doc({ summary: "Database names", returns: "{ dbs }" }),
      },
    )
    .post(
      "/api/list-files",
      async ({ request, body }) => ({
        files: await listFileNames(ctxOf(request), jsonBody(dbNameInput, body)),
      }),
      {
        detail: doc({
          summary: "A database's file names",
          body: dbNameInput,
          returns: "{ files }",
          errors: [404],
        }),
      },
    )
    .post("/api/inspect-db", ({ request, body }) => inspectDb(ctxOf(request), jsonBody(dbNameInput, body)), {
      detail: doc({
        summary: "A database's tables, columns and sample rows",
        body: dbNameInput,
        returns: "{ <table>: { columns, sample_rows } }",
        errors: [404],
      }),
    })
    .post("/api/delete-db", ({ request, body }) => deleteDb(ctxOf(request), body), {
      detail: doc({
        summary: "Delete a database (confirmation_text: DELETE <db_name>)",
        access: "admin",
        body: deleteDbInput,
        returns: "{ message }",
        errors: [404],
      }),
    })
    .get(
      "/api/upload-history",
      ({ request, query }) => uploadHistory(ctxOf(request), queryParams(uploadHistoryInput, query)),
      {
        detail: doc({
          summary: "Files indexed, newest first",
          query: uploadHistoryInput,
          returns: "[{ time, db, file, user }]",
        }),
      },
    )
    .get("/api/s3-db-pdfs", async ({ request }) => ({ files: await pdfLinks(ctxOf(request)) }), {
      detail: doc({
        summary: "Every document's original and its signed link",
        returns: "{ files: [{ Key, url }] }",
      }),
    })
    .post(
      "/api/refresh-embeddings",
      ({ request, body }) => refreshEmbeddings(ctxOf(request), jsonBody(dbNameInput, body)),
      {
        detail: doc({
          summary: "Recompute a database's vectors",
          access: "admin",
          body: dbNameInput,
          returns: "{ steps }",
          errors: [404],
        }),
      },
    );
