import { STORAGE_MESSAGES } from "@shared/storage";
import { parseRange } from "../http/range";
import { notFound } from "../lib/errors";
import { contentDisposition } from "./disposition";
import { baseName } from "./keys";
import type { LocalObjectStore } from "./local";

/**
 * Types a browser may show inline from our origin. Anything else (HTML, SVG, scripts…) is sent as an attachment,
 * so a stored file can never run script in the portal's origin.
 */
const INLINE =
  /^(application\/pdf|image\/(png|jpeg|gif|webp|avif|bmp)|text\/plain|audio\/[\w.+-]+|video\/[\w.+-]+)(;|$)/;

/**
 * Stricter than the app's own policy: a stored file loads nothing and runs nothing. `object-src` stays open for
 * PDF viewers. Framed by the portal, and by the origins of CORS_ORIGINS (their PDF previews).
 */
const fileCsp = (framers: readonly string[]) =>
  `default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${["'self'", ...framers].join(" ")}`;

/** GET/HEAD /files/<key>?exp=…&sig=…: a signed download from the local store, with Range support for previews. */
export async function serveSignedFile(
  store: LocalObjectStore,
  request: Request,
  opts: { framers?: readonly string[]; now?: number } = {},
): Promise<Response> {
  const now = opts.now ?? Date.now();
  const url = new URL(request.url);
  const grant = store.verifyLink(url, now);
  const info = await store.head(grant.key);
  if (!info) throw notFound(STORAGE_MESSAGES.notFound(grant.key));

  const inline = grant.disposition === "inline" && INLINE.test(info.contentType);
  const expires = Number(url.searchParams.get("exp"));
  const headers = new Headers({
    "content-type": info.contentType,
    "content-disposition": contentDisposition(inline ? "inline" : "attachment", baseName(info.key)),
    "accept-ranges": "bytes",
    etag: info.etag,
    "last-modified": info.lastModified.toUTCString(),
    // Never cached past the link's own expiry.
    "cache-control": `private, max-age=${Math.max(0, Math.min(3600, expires - Math.floor(now / 1000)))}`,
    "content-security-policy": fileCsp(opts.framers ?? []),
    "x-content-type-options": "nosniff",
  });
  if (request.headers.get("if-none-match") === info.etag) return new Response(null, { status: 304, headers });

  const ifRange = request.headers.get("if-range");
  const rangeHeader = ifRange && ifRange !== info.etag ? null : request.headers.get("range");
  const range = parseRange(rangeHeader, info.size);
  if (range.kind === "unsatisfiable") {
    headers.set("content-range", `bytes */${info.size}`);
    headers.set("content-type", "application/json; charset=utf-8");
    headers.delete("content-disposition");
    return new Response(JSON.stringify({ error: "The requested byte range is not within the file." }), {
      status: 416,
      headers,
    });
  }
  // HEAD gets the same answer: the server drops the body but keeps its length.
  if (range.kind === "partial") {
    headers.set("content-range", `bytes ${range.start}-${range.end}/${info.size}`);
    headers.set("content-length", String(range.end - range.start + 1));
    return new Response((await store.get(info.key, { range })).body, { status: 206, headers });
  }
  headers.set("content-length", String(info.size));
  const body = info.size === 0 ? null : (await store.get(info.key)).body;
  return new Response(body, { status: 200, headers });
}
