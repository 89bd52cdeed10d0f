import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { makePrivateDir, PRIVATE_FILE } from "../lib/private-files";

/**
 * HMAC-SHA256 signatures for the local store's download links. The message covers the key, the expiry and the
 * disposition, so none of them can be changed without the link failing.
 */
export interface UrlSigner {
  sign(key: string, expires: number, attachment: boolean): string;
  verify(key: string, expires: number, attachment: boolean, signature: string): boolean;
}

export function createUrlSigner(secret: string | Uint8Array): UrlSigner {
  // The keyed hasher is set up once; copying it skips the HMAC key schedule on every link (20k links per listing).
  const keyed = new Bun.CryptoHasher("sha256", secret);
  const sign = (key: string, expires: number, attachment: boolean) =>
    keyed
      .copy()
      .update(`${key}\n${expires}\n${attachment ? "attachment" : "inline"}`)
      .digest("base64url");
  return {
    sign,
    verify(key, expires, attachment, signature) {
      const expected = Buffer.from(sign(key, expires, attachment));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export const SIGNING_KEY_FILE = "storage-signing.key";

/**
 * The signing secret: STORAGE_SIGNING_SECRET when set (required when several instances share one store), else a
 * random one generated on first start and kept in DATA_DIR so links survive a restart.
 */
export function loadSigningSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = join(dataDir, SIGNING_KEY_FILE);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {}
  makePrivateDir(dirname(file));
  const secret = randomBytes(32).toString("hex");
  try {
    // "wx": if another process created it meanwhile, keep theirs.
    writeFileSync(file, `${secret}\n`, { flag: "wx", mode: PRIVATE_FILE });
    chmodSync(file, PRIVATE_FILE);
    return secret;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}

/**
 * `a b/c #1.pdf` → `a%20b/c%20%231.pdf`: everything encoded as in encodeURIComponent except the slashes.
 * encodeURI already encodes all but its reserved set; of that set only `?` and `#` would end a path.
 */
export function encodeKeyPath(key: string): string {
  return encodeURI(key).replace(/[?#]/g, (c) => (c === "?" ? "%3F" : "%23"));
}
