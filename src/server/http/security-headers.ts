import type { Env } from "../env";

/**
 * Security headers for every response. The CSP allows Microsoft sign-in only when Entra mode is on.
 * `storageOrigins`: where the store's signed links point (ObjectStore.linkSource; the configured bucket's own
 * origin, never a wildcard that any bucket matches), so the storage screens can show a PDF or an image from it
 * in a frame. Only frames and images: nothing from the bucket may run as script in the portal.
 */
export function securityHeaders(env: Env, storageOrigins: readonly string[]): Record<string, string> {
  const login = env.entra ? new URL(env.entra.authority).origin : "";
  // The directory screen calls Microsoft Graph (GRAPH_BASE_URL) from the browser in Entra mode.
  const graph = env.entra ? ` ${new URL(env.GRAPH_BASE_URL).origin}` : "";
  const files = storageOrigins.map((o) => ` ${o}`).join("");
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${files}`,
    "font-src 'self' data:",
    `connect-src 'self'${login ? ` ${login}` : ""}${graph}`,
    `frame-src 'self' blob:${login ? ` ${login}` : ""}${files}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "SAMEORIGIN",
    "cross-origin-opener-policy": env.entra ? "same-origin-allow-popups" : "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
    ...strictTransport(env),
  };
}

/**
 * With an https PUBLIC_URL, browsers are told to use HTTPS only for a year (no includeSubDomains: other hosts of
 * the company's domain are not the portal's to decide).
 */
function strictTransport(env: Env): Record<string, string> {
  return env.publicHttps ? { "strict-transport-security": "max-age=31536000" } : {};
}
