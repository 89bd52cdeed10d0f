import { join } from "node:path";
import { dbNameInput, deleteDbInput, uploadHistoryInput } from "@shared/documents";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { jsonBodies } from "../../http/body-limit";
import { requireUser } from "../../http/request-state";
import { jsonBody, queryParams } from "../../http/rest-helpers";
import { storageLimits } from "../storage/service";
import { receiveUpload } from "../storage/upload-form";
import { inspectDb } from "./inspect";
import { ndjsonSteps, startProcessFile } from "./process";
import {
  assertCanWrite,
  deleteDb,
  listDbs,
  listFileNames,
  pdfLinks,
  refreshEmbeddings,
  runToEnd,
  uploadHistory,
} from "./service";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });

/**
 * The spec's document-database paths, on the same service functions as the tRPC router. Identity is the
 * signed-in user; the `user` form field is accepted and ignored.
 */
export function documentsRest(deps: AppDeps) {
  const jsonPaths = new Elysia()
    .use(jsonBodies())
    .get("/api/list-dbs", async () => ({ dbs: (await listDbs(deps)).map((d) => d.name) }))
    .post("/api/list-files", async ({ body }) => ({
      files: await listFileNames(deps, jsonBody(dbNameInput, body).db_name),
    }))
    .post("/api/inspect-db", ({ body }) => inspectDb(deps, jsonBody(dbNameInput, body).db_name))
    .post("/api/delete-db", ({ request, body }) =>
      deleteDb(deps, requireUser(request), jsonBody(deleteDbInput, body)),
    )
    .get("/api/upload-history", ({ query }) => uploadHistory(deps, queryParams(uploadHistoryInput, query)))
    .get("/api/s3-db-pdfs", async () => ({ files: await pdfLinks(deps) }))
    .post("/api/refresh-embeddings", ({ request, body }) =>
      refreshEmbeddings(deps, requireUser(request), jsonBody(dbNameInput, body).db_name),
    );
  const uploads = new Elysia().post(
    "/api/process-file",
    async ({ request }) => {
      const user = requireUser(request);
      // Refuse before reading a byte of the body.
      assertCanWrite(user);
      const limits = storageLimits(deps);
      const jobId = await receiveUpload(
        request,
        {
          spoolDir: join(deps.env.DATA_DIR, "tmp"),
          maxBytes: limits.uploadMaxBytes,
          maxMb: limits.uploadMaxMb,
          // Everything that decides what happens to the file; a client sending them first is streamed through.
          placeFields: ["db_name", "action", "mode", "title"],
        },
        (file) => startProcessFile(deps, user, file),
      );
      if (/application\/x-ndjson/i.test(request.headers.get("accept") ?? "")) return ndjsonSteps(deps, jobId);
      const r = await runToEnd(deps, jobId);
      if (!r.ok) return json(422, { error: r.error, steps: r.steps });
      return { steps: r.steps, ...(r.document_id ? { document_id: r.document_id } : {}) };
    },
    // The body is a stream we parse ourselves: Elysia must not buffer it.
    { parse: "none" },
  );
  return new Elysia().use(uploads).use(jsonPaths);
}
