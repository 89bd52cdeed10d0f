/**
 * Other origins (CORS_ORIGINS): a client served from a listed origin may call the REST door with the person's
 * session. Its preflights are answered before sign-in, its responses carry the CORS headers, its credentialed
 * writes pass the cross-site check and it may frame `/files/…` links (PDF previews). Every other origin stays
 * refused (403). Empty (the default): same origin only.
 */
const ALLOWED_HEADERS = "content-type, x-user, x-request-id, authorization, accept";
const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const MAX_AGE_S = "600";

export const isListedOrigin = (origin: string | null, listed: readonly string[]) =>
  !!origin && listed.includes(origin);

/** The headers every response to a listed origin carries (so the browser lets the page read it). */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    "access-control-allow-origin": origin,
    "access-control-allow-credentials": "true",
    "access-control-expose-headers": "x-request-id, content-disposition, content-length",
    vary: "Origin",
  };
}

/**
 * The CORS headers of an answer. With a list, every answer varies by Origin even when this one's origin is not
 * listed (it lacks the headers a listed origin gets), so a shared cache keeps one copy per origin.
 */
export function originHeaders(origin: string | null, listed: readonly string[]): Record<string, string> {
  if (isListedOrigin(origin, listed)) return corsHeaders(origin!);
  return listed.length ? { vary: "Origin" } : {};
}

/** A preflight (OPTIONS with Access-Control-Request-Method): its answer for a listed origin. */
export function preflightHeaders(request: Request, origin: string): Record<string, string> {
  return {
    ...corsHeaders(origin),
    "access-control-allow-methods": ALLOWED_METHODS,
    "access-control-allow-headers": request.headers.get("access-control-request-headers") || ALLOWED_HEADERS,
    "access-control-max-age": MAX_AGE_S,
  };
}

export const isPreflight = (request: Request) =>
  request.method === "OPTIONS" && request.headers.has("access-control-request-method");

/**
 * The site of a host, as browsers group cookies: the last two labels of a name ("portal.geolabs.example" →
 * "geolabs.example"), an address or a one-label name as it is. Close enough for company domains; a public
 * suffix such as co.uk would need the suffix list.
 */
export function siteOf(host: string): string {
  const name = host
    .replace(/:\d+$/, "")
    .replace(/^\[|\]$/g, "")
    .toLowerCase();
  if (/^[\d.]+$/.test(name) || name.includes(":") || !name.includes(".")) return name;
  return name.split(".").slice(-2).join(".");
}

/**
 * Whether a listed origin is another site than the portal's: then its requests carry the session cookie only
 * when it is SameSite=None, which browsers accept only with Secure (so over HTTPS).
 */
export function needsCrossSiteCookie(portalHost: string, listed: readonly string[]): boolean {
  const own = siteOf(portalHost);
  return listed.some((o) => siteOf(new URL(o).host) !== own);
}
