import type { Env } from "../env";
import { needsCrossSiteCookie } from "../http/cors";
import { requestState } from "../http/request-state";

export const SESSION_COOKIE = "geolabs_session";
/**
 * Over HTTPS (an https PUBLIC_URL) the cookie carries the `__Host-` prefix: browsers then accept it only with
 * Secure, Path=/ and no Domain, so no other host of the company's domain (nor plain HTTP) can set or shadow it.
 */
export const sessionCookieName = (https: boolean) => (https ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

/**
 * How the cookie travels: Lax (sent on the portal's own requests and top-level navigations), or, when a page of
 * another site is allowed in (CORS_ORIGINS), SameSite=None, which browsers accept only with Secure (HTTPS).
 */
export type CookieReach = {
  secure: boolean;
  crossSite: boolean;
  /** The portal's public address is HTTPS: the cookie's name carries `__Host-`. */
  hostPrefix: boolean;
};
const attributes = ({ secure, crossSite, hostPrefix }: CookieReach) =>
  crossSite ? "SameSite=None; Secure" : `SameSite=Lax${secure || hostPrefix ? "; Secure" : ""}`;

export function sessionCookie(token: string, expiresAt: Date, reach: CookieReach) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${sessionCookieName(reach.hostPrefix)}=${token}; Path=/; HttpOnly; ${attributes(reach)}; Max-Age=${maxAge}`;
}

export function clearedSessionCookie(reach: CookieReach) {
  return `${sessionCookieName(reach.hostPrefix)}=; Path=/; HttpOnly; ${attributes(reach)}; Max-Age=0`;
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eqAt = part.indexOf("=");
    if (eqAt < 0) continue;
    if (part.slice(0, eqAt).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eqAt + 1).trim());
    } catch {
      return null; // a malformed escape ("%zz") is no session, not a server error
    }
  }
  return null;
}

/** Secure cookies whenever the person is on HTTPS; cross-site ones when a listed origin is another site. */
export function cookieReach(request: Request, env: Env): CookieReach {
  const portalHost = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).host : (request.headers.get("host") ?? "");
  const hostPrefix = env.publicHttps;
  return {
    secure: hostPrefix || requestState(request).https,
    crossSite: env.CORS_ORIGINS.length > 0 && needsCrossSiteCookie(portalHost, env.CORS_ORIGINS),
    hostPrefix,
  };
}

/** The same session's cookie again, with the lifetime the server just gave it (a sliding extension). */
export function renewedSessionCookie(request: Request, env: Env, until: Date): string | null {
  const reach = cookieReach(request, env);
  const token = readCookie(request.headers.get("cookie"), sessionCookieName(reach.hostPrefix));
  return token ? sessionCookie(token, until, reach) : null;
}
