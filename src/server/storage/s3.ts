import { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { checkKey } from "@shared/storage-keys";
import { notFound } from "../lib/errors";
import { contentDisposition } from "./disposition";
import { baseName, listPrefix, objectKey } from "./keys";
import {
  type ByteRange,
  chunksOf,
  clampExpiry,
  contentTypeFor,
  type GetResult,
  LinkMemo,
  type ListOptions,
  type ListPage,
  MAX_SIGNED_URL_SECONDS,
  type ObjectBody,
  type ObjectInfo,
  type ObjectStore,
  type PutOptions,
  SIGNING_GRID_SECONDS,
  type SignedUrlOptions,
} from "./object-store";
import { encodeKeyPath } from "./url-signer";

export interface S3StoreOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Default link lifetime in seconds. */
  urlTtl: number;
  /** Multipart part size; memory per upload is about partSize × MULTIPART_QUEUE. */
  partSize?: number;
}

const MULTIPART_QUEUE = 4;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

const STAND_IN_KEYS = { accessKeyId: "link-origin", secretAccessKey: "link-origin" };

function clientConfig(opts: S3StoreOptions): S3ClientConfig {
  return {
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle ?? false,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // The SDK's default checksums frame streamed bodies as aws-chunked, which several S3-compatible stores
    // (s3rver, older MinIO/Ceph) store verbatim. Only send checksums an operation requires.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

/** Any S3-compatible store through the AWS SDK. Keys are checked here too: the bucket is the only place touched. */
export class S3ObjectStore implements ObjectStore {
  readonly driver = "s3" as const;
  readonly client: S3Client;
  private readonly bucket: string;
  /** Presigned links of the current signing window, so a listing of 20,000 files signs each only once. */
  private readonly memo = new LinkMemo();

  constructor(private readonly opts: S3StoreOptions) {
    this.bucket = opts.bucket;
    this.client = new S3Client(clientConfig(opts));
  }

  /**
   * Where signedUrl's links point, found by signing one the same way: the SDK alone decides between the
   * bucket's own host and path style (dotted names, addresses, S3_FORCE_PATH_STYLE), so the CSP cannot disagree
   * with the links. Signed with stand-in keys: the host does not depend on them, and the configured ones may
   * come from the SDK's default chain, which can mean a network call.
   */
  async linkSource(): Promise<string> {
    const probe = new S3Client({ ...clientConfig(this.opts), credentials: STAND_IN_KEYS });
    try {
      const command = new GetObjectCommand({ Bucket: this.bucket, Key: "link-origin" });
      const link = new URL(await getSignedUrl(probe, command, { expiresIn: 60 }));
      // Path style: the host serves every bucket of its region, so the source is narrowed to this bucket's path.
      const path = `/${this.bucket}/`;
      return link.pathname.startsWith(path) ? `${link.origin}${path}` : link.origin;
    } finally {
      probe.destroy();
    }
  }

  async put(rawKey: string, body: ObjectBody, opts: PutOptions = {}): Promise<ObjectInfo> {
    const key = objectKey(rawKey);
    const ContentType = opts.contentType ?? contentTypeFor(key);
    if (typeof body === "string" || body instanceof Uint8Array) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType }),
      );
    } else {
      // lib-storage sends one PUT for small bodies and a multipart upload (aborted on error) for large ones.
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: Readable.from(chunksOf(body)), ContentType },
        partSize: this.opts.partSize ?? 8 * 1024 * 1024,
        queueSize: MULTIPART_QUEUE,
        leavePartsOnError: false,
      });
      await upload.done();
    }
    const info = await this.head(key);
    if (!info) throw notFound(`No file found at '${key}'.`);
    return info;
  }

  async head(rawKey: string): Promise<ObjectInfo | null> {
    const key = objectKey(rawKey);
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: r.ContentLength ?? 0,
        lastModified: r.LastModified ?? new Date(0),
        contentType: r.ContentType || contentTypeFor(key),
        etag: r.ETag ?? "",
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async get(rawKey: string, opts: { range?: ByteRange } = {}): Promise<GetResult> {
    const key = objectKey(rawKey);
    const Range = opts.range ? `bytes=${opts.range.start}-${opts.range.end}` : undefined;
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range }));
      const total = r.ContentRange ? Number(r.ContentRange.split("/")[1]) : (r.ContentLength ?? 0);
      const got = r.ContentRange?.match(/bytes (\d+)-(\d+)\//);
      return {
        key,
        size: total,
        lastModified: r.LastModified ?? new Date(0),
        contentType: r.ContentType || contentTypeFor(key),
        etag: r.ETag ?? "",
        body: r.Body!.transformToWebStream() as ReadableStream<Uint8Array>,
        range: got ? { start: Number(got[1]), end: Number(got[2]) } : undefined,
      };
    } catch (err) {
      if (isMissing(err)) throw notFound(`No file found at '${key}'.`);
      throw err;
    }
  }

  async list(opts: ListOptions = {}): Promise<ListPage> {
    const prefix = listPrefix(opts.prefix ?? "");
    const r = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: prefix || undefined,
        ContinuationToken: opts.cursor || undefined,
        MaxKeys: Math.max(1, Math.min(opts.limit ?? 1000, 1000)),
      }),
    );
    const objects: ListPage["objects"] = [];
    for (const o of r.Contents ?? []) {
      // Keys written by other tools that our rules would refuse (folder markers "a/", "a//b") are left out:
      // they could not be fetched, moved or deleted by key here.
      const check = checkKey(o.Key ?? "");
      if (!check.ok || check.key !== o.Key) continue;
      objects.push({ key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) });
    }
    return { objects, cursor: r.IsTruncated ? r.NextContinuationToken : undefined };
  }

  async delete(rawKey: string): Promise<void> {
    const key = objectKey(rawKey);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async copy(rawSrc: string, rawDst: string): Promise<void> {
    const src = objectKey(rawSrc, "src_key");
    const dst = objectKey(rawDst, "dst_key");
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: dst,
          // Encoded per segment: stores decode the copy source once, and "/" must stay a separator.
          CopySource: `${this.bucket}/${encodeKeyPath(src)}`,
          MetadataDirective: "COPY",
        }),
      );
    } catch (err) {
      if (isMissing(err)) throw notFound(`No file found at '${src}'.`);
      throw err;
    }
  }

  /** S3 has no rename: copy, then delete the source. */
  async move(rawSrc: string, rawDst: string): Promise<void> {
    const src = objectKey(rawSrc, "src_key");
    const dst = objectKey(rawDst, "dst_key");
    if (src === dst) {
      if (!(await this.head(src))) throw notFound(`No file found at '${src}'.`);
      return;
    }
    await this.copy(src, dst);
    await this.delete(src);
  }

  async signedUrl(rawKey: string, opts: SignedUrlOptions = {}): Promise<string> {
    const key = objectKey(rawKey);
    const ttl = clampExpiry(opts.expiresIn, this.opts.urlTtl);
    const nowSec = Math.floor((opts.now ?? Date.now()) / 1000);
    // Signed at the start of the 5-minute window and valid for ttl plus the window: stable within the window,
    // never valid for less than ttl from now, never over the 7-day maximum.
    const signedAt = Math.floor(nowSec / SIGNING_GRID_SECONDS) * SIGNING_GRID_SECONDS;
    const expiresIn = Math.min(ttl + SIGNING_GRID_SECONDS, MAX_SIGNED_URL_SECONDS);
    const attachment = opts.disposition === "attachment";
    // A clock override (tests) bypasses the memo so it never holds links of another time.
    const memo = opts.now === undefined ? this.memo.for(`${signedAt}:${expiresIn}:${attachment}`) : null;
    const hit = memo?.get(key);
    if (hit) return hit;
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(attachment ? "attachment" : "inline", baseName(key)),
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn,
      signingDate: new Date(signedAt * 1000),
    });
    memo?.set(key, url);
    return url;
  }

  async signedUrls(keys: string[], opts: SignedUrlOptions = {}): Promise<string[]> {
    return Promise.all(keys.map((k) => this.signedUrl(k, opts)));
  }

  close() {
    this.client.destroy();
  }
}
