import { DOCUMENT_MESSAGES, processFileFields } from "@shared/documents";
import { conflict, notFound, parseInput } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { admitUpload } from "../../storage/access";
import { objectKey } from "../../storage/keys";
import { stageUpload } from "../../storage/staging";
import type { FileUpload, ReceivedFile } from "../../storage/upload-form";
import { putGuarded, uploadBounds, uploadFileName } from "../../storage/upload-guards";
import { enqueueIndexFile } from "./pipeline/queue";
import { findCollection } from "./pipeline/store-rows";

/**
 * POST /api/process-file: one PDF into a document database. The caller's right to write is checked before any of
 * the form is read; then the form is checked, the PDF streamed into staging (size limit and %PDF- check as for
 * storage uploads) and its index job queued (the job makes the database for "new", with its first document).
 * Answers the job id: the door follows the job with processSteps or waits with processOutcome.
 */
export async function processFile(ctx: ServiceCtx, upload: FileUpload): Promise<number> {
  admitUpload(ctx);
  // Everything that decides what happens to the file; a client sending them first is streamed through.
  const bounds = uploadBounds(ctx, ["db_name", "action", "mode", "title"]);
  return upload(bounds, (file) => queueFile(ctx, file));
}

async function queueFile(ctx: ServiceCtx, file: ReceivedFile): Promise<number> {
  const fields = parseInput(processFileFields, file.fields);
  const name = uploadFileName(file.filename);
  objectKey(`${fields.db_name}/${name}`, "file");
  const existing = await findCollection(ctx.db, fields.db_name);
  if (fields.action === "new" && existing) throw conflict(DOCUMENT_MESSAGES.dbExists(fields.db_name));
  if (fields.action === "append" && !existing) throw notFound(DOCUMENT_MESSAGES.dbMissing(fields.db_name));

  const { store, jobs } = ctx.deps;
  const staged = await putGuarded(ctx, file.body, (body) => stageUpload(store, body));
  return enqueueIndexFile(jobs, {
    db: fields.db_name,
    fileName: name,
    source: staged.key,
    staged: true,
    user: ctx.user.email,
    mode: fields.mode,
    title: fields.title ?? "",
    // A new database is made by the job, with its first document, so a file that fails leaves none behind.
    // Without an action (the spec's fields have none) the database is made when missing, appended to if not.
    create: fields.action !== "append",
    fresh: fields.action === "new",
  });
}
