import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { S3ObjectStore } from "@server/storage/s3";
import type S3rverType from "s3rver";

export const S3_BUCKET = "portal-test";

/**
 * s3rver 3.7 needs three patches to behave like S3 here (docs/decisions/0006-s3rver-under-bun.md):
 * 1. its continuation tokens use the cipher name "des", which Bun's crypto does not know ("des-cbc" is the same);
 * 2. it lists in readdir order, which on Linux is not key order, so paging past 1,000 skipped keys;
 * 3. it decodes x-amz-copy-source with decodeURI, so a key with # + & = ? could not be copied.
 * They are applied before s3rver's modules load, and only in tests.
 */
const require = createRequire(import.meta.url);
let S3rver: typeof S3rverType | undefined;

function loadPatchedS3rver(): typeof S3rverType {
  if (S3rver) return S3rver;
  const crypto = require("node:crypto") as typeof import("node:crypto");
  const alias = (alg: string) => (alg === "des" ? "des-cbc" : alg);
  for (const name of ["createCipheriv", "createDecipheriv"] as const) {
    const original = crypto[name] as unknown as (...args: unknown[]) => unknown;
    Object.assign(crypto, { [name]: (alg: string, ...rest: unknown[]) => original(alias(alg), ...rest) });
  }

  const utils = require("s3rver/lib/utils");
  const OBJECT_SUFFIX = "._S3rver_object";
  // Directories sort as "name/", objects by their key name: together that is S3's UTF-8 key order.
  const sortName = (dir: string, name: string) =>
    statSync(posix.join(dir, name)).isDirectory()
      ? `${name}/`
      : name.endsWith(OBJECT_SUFFIX)
        ? name.slice(0, -OBJECT_SUFFIX.length)
        : name;
  utils.walk = function* walk(dir: string, recurseFilter?: (p: string) => boolean): Generator<string> {
    const names = readdirSync(dir)
      .map((name) => ({ name, sort: Buffer.from(sortName(dir, name)) }))
      .sort((a, b) => Buffer.compare(a.sort, b.sort));
    for (const { name } of names) {
      const filePath = posix.join(dir, name);
      if (!statSync(filePath).isDirectory()) yield filePath;
      else if (!recurseFilter || recurseFilter(filePath)) yield* walk(filePath, recurseFilter);
    }
  };

  const objects = require("s3rver/lib/controllers/object");
  const putObjectCopy = objects.putObjectCopy;
  objects.putObjectCopy = (ctx: { headers: Record<string, string> }) => {
    const source = ctx.headers["x-amz-copy-source"];
    if (source) ctx.headers["x-amz-copy-source"] = encodeURI(decodeURIComponent(source));
    return putObjectCopy(ctx);
  };
  S3rver = require("s3rver") as typeof S3rverType;
  return S3rver;
}

/** A real S3-protocol server (s3rver) in this process, on loopback, with one empty bucket. */
export async function startS3() {
  const Server = loadPatchedS3rver();
  const dir = mkdtempSync(join(tmpdir(), "geolabs-s3-"));
  const server = new Server({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    STORAGE_DRIVER: "s3",
    S3_ENDPOINT: endpoint,
    S3_BUCKET,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
  return {
    endpoint,
    /** Environment variables that point the app at this server. */
    env,
    store(opts: { urlTtl?: number; partSize?: number } = {}) {
      return new S3ObjectStore({
        bucket: S3_BUCKET,
        region: "us-east-1",
        endpoint,
        forcePathStyle: true,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        urlTtl: opts.urlTtl ?? 3600,
        partSize: opts.partSize,
      });
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
