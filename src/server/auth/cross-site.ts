const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request from another site (not one of CORS_ORIGINS) is refused whatever cookie it carries. Browsers send `Origin` on
 * cross-origin writes (and `Sec-Fetch-Site`); clients without either (curl, scripts) carry no ambient cookie.
 * The portal's own origin is PUBLIC_URL when it is set: the Host header (and the request URL built from it) is
 * whatever the sender wrote, so it counts only on an install that names no public address.
 */
export function isCrossSiteWrite(
  request: Request,
  publicUrl?: string,
  listed: readonly string[] = [],
): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    const allowed = new Set<string>();
    if (publicUrl) allowed.add(new URL(publicUrl).origin);
    else {
      allowed.add(new URL(request.url).origin);
      const host = request.headers.get("host");
      if (host) {
        allowed.add(`http://${host}`);
        allowed.add(`https://${host}`);
      }
    }
    // CORS_ORIGINS: pages of those origins call the REST door with the person's session on purpose.
    for (const o of listed) allowed.add(o);
    return !allowed.has(origin);
  }
  if (origin === "null") return true;
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site";
}
