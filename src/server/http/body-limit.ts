import { Elysia } from "elysia";
import { AppError, badRequest } from "../lib/errors";

/**
 * JSON bodies are small (the largest is a 5 MB staff CSV sent through tRPC); sign-in and the other public paths
 * take a few hundred bytes. A body is read against its cap as it streams (chunked or not) and refused with 413
 * the moment it passes it, so a gigabyte sent to /api/auth/login costs one chunk of memory. Multipart uploads
 * have their own, per-path limits (UPLOAD_MAX_MB, OCR_MAX_MB, PROJECTS_IMPORT_MAX_MB, the import sizes).
 */
export const JSON_BODY_MAX_BYTES = 8 * 1024 * 1024;
export const PUBLIC_BODY_MAX_BYTES = 16 * 1024;
export const BODY_TOO_LARGE =
  "The request body is too large (at most 8 MB; send files as multipart uploads).";
export const PUBLIC_BODY_TOO_LARGE = "The request body is too large (at most 16 KB).";
export const JSON_ONLY = "Send the request body as JSON (Content-Type: application/json).";

const isJsonType = (type: string) => /^application\/([\w.+-]+\+)?json\b/i.test(type.trim());
export const isMultipart = (type: string) => /^multipart\/form-data\b/i.test(type.trim());

/** A declared length over `max`: refused before a byte is read. */
export function declaresMoreThan(request: Request, max: number): boolean {
  const declared = Number(request.headers.get("content-length") ?? 0);
  return Number.isFinite(declared) && declared > max;
}

/** Whether a request carries a body at all (the server hands an empty one over as null). */
export const hasBody = (request: Request) =>
  request.body !== null && request.headers.get("content-length") !== "0";

/**
 * The body's bytes, read as they stream and abandoned (413 `tooLarge`) as soon as they pass `max`. A body that
 * breaks off before its end is a 400, never a crash.
 */
export async function readCapped(request: Request, max: number, tooLarge: string): Promise<Uint8Array> {
  if (declaresMoreThan(request, max)) throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        void reader.cancel().catch(() => {});
        throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest("The request body was cut off before its end.");
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A JSON body within `max` bytes: 415 for any other type (form posts included), 400 for broken JSON. */
export async function readJsonBody(request: Request, max = JSON_BODY_MAX_BYTES): Promise<unknown> {
  if (!hasBody(request)) return undefined;
  const type = request.headers.get("content-type") ?? "";
  if (!isJsonType(type)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", JSON_ONLY);
  const tooLarge = max === PUBLIC_BODY_MAX_BYTES ? PUBLIC_BODY_TOO_LARGE : BODY_TOO_LARGE;
  const bytes = await readCapped(request, max, tooLarge);
  if (bytes.byteLength === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
}

/**
 * Body parsing for a plugin of JSON paths (`.use(jsonBodies())`): every body of its routes goes through
 * readJsonBody instead of Elysia's parser, which would buffer any size and any type. Scoped to the plugin that
 * uses it: routes that stream multipart uploads live in plugins without it.
 */
export function jsonBodies(opts: { max?: number } = {}) {
  return new Elysia({ name: "json-bodies", seed: opts.max ?? JSON_BODY_MAX_BYTES }).onParse(
    { as: "scoped" },
    async ({ request }) => (await readJsonBody(request, opts.max)) ?? null,
  );
}

/** The guard's early answer: a non-multipart body declared over the JSON cap is refused before routing. */
export function isOversizedBody(request: Request): boolean {
  return (
    declaresMoreThan(request, JSON_BODY_MAX_BYTES) && !isMultipart(request.headers.get("content-type") ?? "")
  );
}
