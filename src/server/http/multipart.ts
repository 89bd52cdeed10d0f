import { AppError, badRequest } from "../lib/errors";
import { hasBody, isMultipart } from "./body-limit";

/** Room for the multipart boundaries, part headers and small text fields around the file. */
const FORM_OVERHEAD = 64 * 1024;

/**
 * Read a multipart body, refusing it with 413 as soon as it passes `maxFileBytes` (+ form overhead): a declared
 * Content-Length is refused before reading, a chunked upload while it streams. Routes using this turn Elysia's
 * own body parsing off (`parse: "none"`), which would otherwise buffer any size first.
 */
export async function readForm(request: Request, maxFileBytes: number, tooLarge: string): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  // No body at all: an empty form, so the caller names the missing file the way its schema words it.
  if (!hasBody(request)) return new FormData();
  if (!isMultipart(type))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data.");
  const limit = maxFileBytes + FORM_OVERHEAD;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(new Blob(chunks as BlobPart[]), {
      headers: { "content-type": type },
    }).formData();
  } catch {
    throw badRequest("The form data could not be read.");
  }
}

/** The file in `field`, as bytes; a 400 naming the field when it is missing or not a file. */
export async function formFile(form: FormData, field: string): Promise<{ bytes: Uint8Array; name: string }> {
  const value = form.get(field);
  if (!value || typeof value === "string") throw badRequest(`Attach the file in the form field "${field}".`);
  return { bytes: new Uint8Array(await value.arrayBuffer()), name: value.name ?? "" };
}
