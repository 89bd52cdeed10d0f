import { timingSafeEqual } from "node:crypto";
import type { Env } from "../env";
import { isTrustedAddress } from "./trusted-proxies";

const EMAIL = /^[^\s@]+@[^\s@]+$/;

const digest = (s: string) => new Bun.CryptoHasher("sha256").update(s).digest();

/** Equal secrets, compared in time that does not depend on where they differ (digests have one length). */
export function sameSecret(given: string | null, expected: string): boolean {
  return given !== null && timingSafeEqual(digest(given), digest(expected));
}

/**
 * Proxy mode: the email the company's sign-in proxy vouches for, or null. Believed only from a trusted address
 * and, with PROXY_SECRET set, only with that secret in PROXY_SECRET_HEADER (so another process on a trusted
 * host cannot speak for the proxy). The proxy must overwrite the client's own X-User (docs/configuration.md).
 */
export function proxyIdentity(
  request: Request,
  peer: string | null,
  env: Pick<Env, "TRUSTED_PROXIES" | "PROXY_SECRET" | "PROXY_SECRET_HEADER" | "PROXY_USER_HEADER">,
): string | null {
  if (!isTrustedAddress(peer, env.TRUSTED_PROXIES)) return null;
  if (env.PROXY_SECRET && !sameSecret(request.headers.get(env.PROXY_SECRET_HEADER), env.PROXY_SECRET)) {
    return null;
  }
  const email = request.headers.get(env.PROXY_USER_HEADER)?.trim().toLowerCase();
  if (!email || email === "guest" || email.length > 254 || !EMAIL.test(email)) return null;
  return email;
}
