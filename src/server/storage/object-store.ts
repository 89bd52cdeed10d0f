/**
 * One interface over the local folder store and any S3-compatible store. Keys reaching a driver are checked again
 * by the driver itself (storage/keys.ts), so no caller can make it touch anything outside its root or bucket.
 */

export type ObjectBody = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Uint8Array | string;

export interface ObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
  contentType: string;
  etag: string;
}

/** An inclusive byte range, already resolved against the object's size. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface GetResult extends ObjectInfo {
  body: ReadableStream<Uint8Array>;
  /** Set when a range was asked for: what the body holds. */
  range?: ByteRange;
}

export interface ListOptions {
  /** Keys starting with this text (S3 semantics: "a/b" also matches "a/bc.pdf"; use "a/b/" for a folder). */
  prefix?: string;
  /** Opaque: the `cursor` of the previous page. */
  cursor?: string;
  /** At most this many per page (1–1000, default 1000). */
  limit?: number;
}

export interface ListPage {
  objects: Omit<ObjectInfo, "contentType" | "etag">[];
  /** Present when there are more: pass it back as `cursor`. */
  cursor?: string;
}

export interface PutOptions {
  contentType?: string;
  /** Known length (lets the S3 driver use a single PUT for small bodies). */
  contentLength?: number;
}

export interface SignedUrlOptions {
  /** Seconds; drivers clamp to their maximum (S3: 7 days). */
  expiresIn?: number;
  /** "attachment" makes browsers download instead of showing the file. */
  disposition?: "inline" | "attachment";
  /** Clock override (tests). Milliseconds since the epoch. */
  now?: number;
}

export interface ObjectStore {
  readonly driver: "local" | "s3";
  /** Write the whole body under `key`, replacing any object there. Readers never see a partial object. */
  put(key: string, body: ObjectBody, opts?: PutOptions): Promise<ObjectInfo>;
  /** The object's bytes (all, or `range`); NOT_FOUND when missing. */
  get(key: string, opts?: { range?: ByteRange }): Promise<GetResult>;
  /** Metadata, or null when there is no such object. */
  head(key: string): Promise<ObjectInfo | null>;
  /** One page of objects in key order (UTF-8 byte order, as S3). */
  list(opts?: ListOptions): Promise<ListPage>;
  /** Remove an object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Copy within the store (replaces the target). NOT_FOUND when the source is missing. */
  copy(src: string, dst: string): Promise<void>;
  /** Rename within the store (replaces the target). NOT_FOUND when the source is missing. */
  move(src: string, dst: string): Promise<void>;
  /** A URL a browser can GET without a session, valid for a limited time. */
  signedUrl(key: string, opts?: SignedUrlOptions): Promise<string>;
  /** Links for many keys at once (a listing signs thousands; drivers batch and reuse them). */
  signedUrls(keys: string[], opts?: SignedUrlOptions): Promise<string[]>;
  /**
   * The CSP source that admits this store's signed links when they leave the portal's own origin (S3: the
   * bucket's origin as the SDK addresses it, with the bucket's path for path style), null when they stay on it
   * (the local store's /files/ links).
   */
  linkSource(): Promise<string | null>;
  /** Release sockets/handles (S3 client). */
  close?(): void;
}

/** Every object under `prefix`, page by page (past the 1,000-per-page limit of S3). */
export async function* listPages(store: ObjectStore, prefix = ""): AsyncGenerator<ListPage["objects"]> {
  let cursor: string | undefined;
  do {
    const page = await store.list({ prefix, cursor, limit: 1000 });
    yield page.objects;
    cursor = page.cursor;
  } while (cursor);
}

/** Every object under `prefix`, one at a time. */
export async function* listAll(store: ObjectStore, prefix = ""): AsyncGenerator<ListPage["objects"][number]> {
  for await (const page of listPages(store, prefix)) yield* page;
}

/** Remembers the links of the current signing window, so repeated listings do not sign every key again. */
export class LinkMemo {
  private window = "";
  private urls = new Map<string, string>();
  constructor(private readonly limit = 100_000) {}
  /** The memo for `window`; a new window (or an overfull memo) starts empty. */
  for(window: string): Map<string, string> {
    if (this.window !== window || this.urls.size > this.limit) {
      this.window = window;
      this.urls = new Map();
    }
    return this.urls;
  }
}

/** Maximum lifetime of a signed link: S3 refuses presigned URLs valid for longer than 7 days. */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;
/**
 * Links are issued on a 5-minute grid so that the same file gets the same URL for a while: browsers can cache a
 * preview, and a listing can reuse signatures it computed a moment ago.
 */
export const SIGNING_GRID_SECONDS = 300;

export function clampExpiry(expiresIn: number | undefined, fallback: number): number {
  const s = Math.floor(expiresIn ?? fallback);
  return Math.max(1, Math.min(s, MAX_SIGNED_URL_SECONDS));
}

/** Any body as an async iterable of byte chunks. */
export async function* chunksOf(body: ObjectBody): AsyncGenerator<Uint8Array> {
  if (typeof body === "string") yield new TextEncoder().encode(body);
  else if (body instanceof Uint8Array) yield body;
  else yield* body as AsyncIterable<Uint8Array>;
}

/** Content type from the file name, for drivers that keep none of their own and for uploads. */
export function contentTypeFor(key: string): string {
  const type = Bun.file(key).type;
  return type || "application/octet-stream";
}
