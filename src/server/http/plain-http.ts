import type { Env } from "../env";

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * A production server that other machines can reach, with no https PUBLIC_URL in front of it, sends passwords
 * and session cookies in the clear: said once at start (docs/operations.md shows the TLS proxy to put in front).
 */
export function plainHttpWarning(env: Pick<Env, "APP_ENV" | "HOST" | "publicHttps">): string | null {
  if (env.APP_ENV !== "production") return null;
  if (LOOPBACK.test(env.HOST.trim())) return null;
  if (env.publicHttps) return null;
  return `serving production over plain HTTP on ${env.HOST}: put a TLS proxy in front and set PUBLIC_URL to its https:// address (docs/operations.md)`;
}
