import { join } from "node:path";
import type { Env } from "../env";
import { LocalObjectStore } from "./local";
import type { ObjectStore } from "./object-store";
import { S3ObjectStore } from "./s3";
import { loadSigningSecret } from "./url-signer";

export { LocalObjectStore } from "./local";
export type { ObjectStore } from "./object-store";
export { S3ObjectStore } from "./s3";

/** The store the configuration names: the local folder by default, an S3-compatible bucket with STORAGE_DRIVER=s3. */
export function createObjectStore(env: Env): ObjectStore {
  if (env.STORAGE_DRIVER === "s3") {
    return new S3ObjectStore({
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      urlTtl: env.STORAGE_URL_TTL_SECONDS,
    });
  }
  return new LocalObjectStore({
    root: join(env.DATA_DIR, "objects"),
    secret: loadSigningSecret(env.DATA_DIR, env.STORAGE_SIGNING_SECRET),
    urlTtl: env.STORAGE_URL_TTL_SECONDS,
  });
}
