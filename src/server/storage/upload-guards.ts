import { STORAGE_MESSAGES } from "@shared/storage";
import { AppError, badRequest } from "../lib/errors";
import type { ServiceCtx } from "../lib/service-ctx";
import { uploadLimits } from "./access";
import type { UploadBounds } from "./upload-form";

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

/**
 * An upload's bounds: the size limit from the settings, and the form fields that decide where the file goes (once
 * they have arrived, the file streams straight through).
 */
export function uploadBounds(ctx: ServiceCtx, placeFields: string[]): UploadBounds {
  const limits = uploadLimits(ctx);
  return { maxBytes: limits.uploadMaxBytes, maxMb: limits.uploadMaxMb, placeFields };
}

/**
 * Store an uploaded PDF through `put`, within the upload limit: a refusal of the guard (too large, not a PDF) is
 * the error, whatever the store wrapped it in.
 */
export async function putGuarded<R>(
  ctx: ServiceCtx,
  body: AsyncIterable<Uint8Array>,
  put: (body: AsyncIterable<Uint8Array>) => Promise<R>,
): Promise<R> {
  const { maxBytes, maxMb } = uploadBounds(ctx, []);
  const guard = pdfGuard(body, maxBytes, maxMb);
  try {
    return await put(guard.body);
  } catch (err) {
    throw guard.state.error ?? err;
  }
}
