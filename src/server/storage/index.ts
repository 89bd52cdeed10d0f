import { join } from "node:path";
import type { Env } from "../env";
import { LocalObjectStore } from "./local";
import type { ObjectStore } from "./object-store";
import { loadSigningSecret } from "./url-signer";

export type { ObjectStore } from "./object-store";

/**
 * The store the configuration names: the local folder by default, an S3-compatible bucket with STORAGE_DRIVER=s3.
 * The AWS SDK is loaded only for the S3 driver (it adds ~10 MB and startup time the default does not need).
 */
export async function createObjectStore(env: Env): Promise<ObjectStore> {
  if (env.STORAGE_DRIVER === "s3") {
    const { S3ObjectStore } = await import("./s3");
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
