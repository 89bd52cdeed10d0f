import type { Actor } from "@shared/permissions";
import { STORAGE_MESSAGES, type UploadResult, uploadFields } from "@shared/storage";
import { AppError, badRequest, parseInput } from "../../lib/errors";
import { objectKey } from "../../storage/keys";
import { enqueueIndex } from "../documents/service";
import { documentMode, fileNameIn, isDocDbName } from "./reindex";
import { assertCanWrite, recordEvents, type StorageDeps, signedLink, storageLimits } from "./service";

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/**
 * Pass a file body through while enforcing the upload rules: the first bytes must be "%PDF-" and the total must
 * stay within the limit. Nothing is passed on before the first five bytes are checked. `error` keeps the rule
 * that failed, because a store (lib-storage) may wrap the error it sees.
 */
export function pdfGuard(source: AsyncIterable<Uint8Array>, maxBytes: number, maxMb: number) {
  const state: { error?: AppError; size: number } = { size: 0 };
  const refuse = (err: AppError) => {
    state.error = err;
    return err;
  };
  async function* run(): AsyncGenerator<Uint8Array> {
    let held: Uint8Array[] = [];
    let heldBytes = 0;
    let checked = false;
    for await (const chunk of source) {
      state.size += chunk.length;
      if (state.size > maxBytes)
        throw refuse(new AppError("PAYLOAD_TOO_LARGE", STORAGE_MESSAGES.tooLarge(maxMb)));
      if (checked) {
        yield chunk;
        continue;
      }
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes < PDF_MAGIC.length) continue;
      const head = Buffer.concat(held).subarray(0, PDF_MAGIC.length);
      if (!PDF_MAGIC.every((b, i) => head[i] === b)) throw refuse(badRequest(STORAGE_MESSAGES.notPdf));
      checked = true;
      yield* held;
      held = [];
    }
    if (!checked) throw refuse(badRequest(STORAGE_MESSAGES.notPdf));
  }
  return { body: run(), state };
}

/** The file name a browser sent, without any folder part some clients include. */
export function uploadFileName(raw: string | undefined): string {
  const name = (raw ?? "").split(/[/\\]/).pop()!.trim();
  if (!name) throw badRequest(STORAGE_MESSAGES.noFile);
  if (!/\.pdf$/i.test(name)) throw badRequest(STORAGE_MESSAGES.pdfOnly);
  return name;
}

export interface UploadInput {
  /** The form's text fields (db_name, prefix, index, mode, user); `user` is ignored: the caller is `user`. */
  fields: Record<string, string>;
  filename: string | undefined;
  body: AsyncIterable<Uint8Array>;
}

/** POST /api/s3/upload: stream one PDF into `<db_name>/<prefix>/<file name>`. */
export async function uploadPdf(deps: StorageDeps, user: Actor, input: UploadInput): Promise<UploadResult> {
  assertCanWrite(user);
  const fields = parseInput(uploadFields, input.fields);
  const name = uploadFileName(input.filename);
  const key = objectKey([fields.db_name, fields.prefix, name].filter(Boolean).join("/"), "file");
  const limits = storageLimits(deps);
  const guard = pdfGuard(input.body, limits.uploadMaxBytes, limits.uploadMaxMb);
  let size: number;
  try {
    size = (await deps.store.put(key, guard.body, { contentType: "application/pdf" })).size;
  } catch (err) {
    throw guard.state.error ?? err;
  }
  await recordEvents(deps, user, [{ action: "upload", key, size }]);
  const result: UploadResult = { key, url: await signedLink(deps, key) };
  // Indexing (OCR of scanned pages may take minutes) runs in the background; the upload answers now.
  if (fields.index && !isDocDbName(fields.db_name)) {
    // Any folder can hold files; only a database name can be indexed into. The file is stored all the same.
    result.note = STORAGE_MESSAGES.notIndexable(fields.db_name);
  } else if (fields.index && deps.jobs) {
    result.job_id = await enqueueIndex(
      { jobs: deps.jobs },
      {
        db: fields.db_name,
        fileName: fileNameIn(fields.db_name, key),
        source: key,
        staged: false,
        user: user.email,
        mode: documentMode(fields.mode),
      },
    );
    result.note = STORAGE_MESSAGES.indexingQueued(fields.db_name);
  }
  return result;
}
