/**
 * JSON and other non-multipart bodies are small (the largest is a 5 MB staff CSV sent through tRPC). A declared
 * length beyond this is refused with 413 before anything is read or parsed; multipart uploads have their own,
 * per-path limits (UPLOAD_MAX_MB, OCR_MAX_MB, PROJECTS_IMPORT_MAX_MB, the import sizes) and Bun's
 * maxRequestBodySize bounds a body sent without a length.
 */
export const JSON_BODY_MAX_BYTES = 8 * 1024 * 1024;
export const BODY_TOO_LARGE =
  "The request body is too large (at most 8 MB; send files as multipart uploads).";

export function isOversizedBody(request: Request): boolean {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (!Number.isFinite(declared) || declared <= JSON_BODY_MAX_BYTES) return false;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  return !type.startsWith("multipart/form-data");
}
