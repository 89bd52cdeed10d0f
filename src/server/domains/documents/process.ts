import { DOCUMENT_MESSAGES, type ProcessStreamLine, processFileFields } from "@shared/documents";
import type { Actor } from "@shared/permissions";
import type { IndexFilePayload } from "../../documents/pipeline";
import { stageUpload } from "../../documents/staging";
import { findCollection } from "../../documents/store-rows";
import { ndjsonResponse } from "../../http/ndjson";
import { conflict, notFound, parseInput } from "../../lib/errors";
import { objectKey } from "../../storage/keys";
import { storageLimits } from "../storage/service";
import { pdfGuard, uploadFileName } from "../storage/upload";
import type { ReceivedFile } from "../storage/upload-form";
import { assertCanWrite, type DocumentsDeps } from "./service";

/**
 * POST /api/process-file, first half: check the form, stream the PDF into staging (size limit and %PDF- check
 * as for storage uploads), queue the index job (which makes the database for "new" with its first document). Answers the job id; the caller
 * follows the job's steps.
 */
export async function startProcessFile(
  deps: DocumentsDeps,
  user: Actor,
  file: ReceivedFile,
): Promise<number> {
  assertCanWrite(user);
  const fields = parseInput(processFileFields, file.fields);
  const name = uploadFileName(file.filename);
  objectKey(`${fields.db_name}/${name}`, "file");
  const existing = await findCollection(deps.db, fields.db_name);
  if (fields.action === "new" && existing) throw conflict(DOCUMENT_MESSAGES.dbExists(fields.db_name));
  if (fields.action === "append" && !existing) throw notFound(DOCUMENT_MESSAGES.dbMissing(fields.db_name));

  const limits = storageLimits(deps);
  const guard = pdfGuard(file.body, limits.uploadMaxBytes, limits.uploadMaxMb);
  let staged: string;
  try {
    staged = (await stageUpload(deps.store, guard.body)).key;
  } catch (err) {
    throw guard.state.error ?? err;
  }
  const payload: IndexFilePayload = {
    db: fields.db_name,
    fileName: name,
    source: staged,
    staged: true,
    user: user.email,
    mode: fields.mode,
    title: fields.title ?? "",
    // A new database is made by the job, with its first document, so a file that fails leaves none behind.
    // Without an action (the spec's fields have none) the database is made when missing, appended to if not.
    create: fields.action !== "append",
    fresh: fields.action === "new",
  };
  return deps.jobs.enqueue("index-file", payload as unknown as Record<string, unknown>);
}

/** The job's steps as NDJSON lines while it runs, then one closing line with the outcome. */
export function ndjsonSteps(deps: Pick<DocumentsDeps, "jobs">, jobId: number): Response {
  const steps: string[] = [];
  async function* lines(): AsyncGenerator<ProcessStreamLine> {
    const it = deps.jobs.watch(jobId);
    try {
      for (;;) {
        const r = await it.next();
        if (!r.done) {
          steps.push(r.value);
          yield { step: r.value };
          continue;
        }
        const row = r.value;
        const result = (row.result ?? {}) as { document_id?: number };
        yield {
          done: true,
          ok: row.status === "done",
          steps,
          ...(row.error ? { error: row.error } : {}),
          ...(result.document_id ? { document_id: result.document_id } : {}),
        };
        return;
      }
    } finally {
      // The reader went away (Stop, closed tab): the job goes on; only the watching stops.
      await it.return(undefined as never).catch(() => {});
    }
  }
  return ndjsonResponse<ProcessStreamLine>(lines(), () => ({
    done: true,
    ok: false,
    steps,
    error: "Lost track of the indexing job.",
  }));
}
