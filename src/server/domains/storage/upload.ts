import { STORAGE_MESSAGES, type UploadResult, uploadFields } from "@shared/storage";
import { parseInput } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { admitUpload } from "../../storage/access";
import { recordEvents } from "../../storage/events";
import { objectKey } from "../../storage/keys";
import { signedLink } from "../../storage/links";
import type { FileUpload, ReceivedFile } from "../../storage/upload-form";
import { putGuarded, uploadBounds, uploadFileName } from "../../storage/upload-guards";
import { isDocDbName, queueIndex } from "./reindex";

/**
 * POST /api/s3/upload: stream one PDF into `<db_name>/<prefix>/<file name>`. The caller's right to upload is
 * checked before any of the form is read.
 */
export async function uploadPdf(ctx: ServiceCtx, upload: FileUpload): Promise<UploadResult> {
  admitUpload(ctx);
  return upload(uploadBounds(ctx, ["db_name", "prefix"]), (file) => storeUpload(ctx, file));
}

async function storeUpload(ctx: ServiceCtx, file: ReceivedFile): Promise<UploadResult> {
  const fields = parseInput(uploadFields, file.fields);
  const name = uploadFileName(file.filename);
  const key = objectKey([fields.db_name, fields.prefix, name].filter(Boolean).join("/"), "file");
  const { size } = await putGuarded(ctx, file.body, (body) =>
    ctx.deps.store.put(key, body, { contentType: "application/pdf" }),
  );
  await recordEvents(ctx, [{ action: "upload", key, size }]);
  const result: UploadResult = { key, url: await signedLink(ctx, key) };
  // Indexing (OCR of scanned pages may take minutes) runs in the background; the upload answers now.
  if (fields.index && !isDocDbName(fields.db_name)) {
    // Any folder can hold files; only a database name can be indexed into. The file is stored all the same.
    result.note = STORAGE_MESSAGES.notIndexable(fields.db_name);
  } else if (fields.index) {
    result.job_id = await queueIndex(ctx, key, fields.db_name, fields.mode);
    result.note = STORAGE_MESSAGES.indexingQueued(fields.db_name);
  }
  return result;
}
