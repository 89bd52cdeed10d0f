import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { preparedPer } from "../db/prepared";
import { sessions, users } from "../db/schema";
import { isSuperOwnerEmail } from "../domains/users/super-owner";
import type { Identity } from "./identity";
import type { SessionCache } from "./session-cache";

export const SESSION_COOKIE = "geolabs_session";

function sha256(value: string) {
  return new Bun.CryptoHasher("sha256").update(value).digest("hex");
}

export interface SessionOptions {
  ttlMs: number;
  superOwnerEmail?: string;
  /** Sessions already looked up (embedded database only; see session-cache.ts). */
  cache?: SessionCache<Identity> | null;
}

/** Create a session and return the raw token for the cookie (only its hash is stored). */
export async function createSession(
  db: DbOrTx,
  userId: number,
  opts: SessionOptions & { ip?: string | null; userAgent?: string | null; now?: Date },
) {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const now = opts.now ?? new Date();
  const expiresAt = new Date(now.getTime() + opts.ttlMs);
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    createdAt: now,
    expiresAt,
    ip: opts.ip ?? null,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/**
 * The lookup every signed-in request makes, built once per database handle (drizzle otherwise rebuilds the SQL
 * text on each call, a good part of this query's cost).
 */
const sessionLookup = preparedPer((db: Db) =>
  db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("id")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        eq(users.status, "active"),
      ),
    )
    .limit(1)
    .prepare(),
);

/**
 * Resolve a cookie token to an active user. Expired sessions and deactivated accounts resolve to null.
 * Sliding expiry: a session used in the second half of its life is extended by a full TTL.
 */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  opts: SessionOptions & { now?: Date },
): Promise<Identity | null> {
  if (!token || token.length > 100) return null;
  const id = sha256(token);
  const now = (opts.now ?? new Date()).getTime();
  const cache = opts.cache;
  const hit = cache?.get(id);
  // A cached session not yet due for extension; one that is goes to the database, which extends it.
  if (hit && hit.expiresAt - now >= opts.ttlMs / 2) return hit.value;
  const mark = cache?.mark() ?? 0;
  // The placeholder skips the column's mapping: pass what the timestamp column stores (ms since the epoch).
  const [row] = await sessionLookup(db as Db).all({ id, now });
  if (!row) return null;
  let expiresAt = row.expiresAt.getTime();
  if (expiresAt - now < opts.ttlMs / 2) {
    expiresAt = now + opts.ttlMs;
    await db
      .update(sessions)
      .set({ expiresAt: new Date(expiresAt) })
      .where(eq(sessions.id, id));
  }
  const identity: Identity = {
    id: row.userId,
    email: row.email,
    name: row.name,
    role: row.role,
    isSuperOwner: isSuperOwnerEmail(row.email, opts.superOwnerEmail),
    sessionId: id,
  };
  cache?.store(id, { value: identity, expiresAt }, mark);
  return identity;
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: DbOrTx, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/**
 * How the cookie travels: Lax (sent on the portal's own requests and top-level navigations), or, when a page of
 * another site is allowed in (CORS_ORIGINS), SameSite=None, which browsers accept only with Secure (HTTPS).
 */
export type CookieReach = { secure: boolean; crossSite: boolean };
const attributes = ({ secure, crossSite }: CookieReach) =>
  crossSite ? "SameSite=None; Secure" : `SameSite=Lax${secure ? "; Secure" : ""}`;

export function sessionCookie(token: string, expiresAt: Date, reach: CookieReach) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; ${attributes(reach)}; Max-Age=${maxAge}`;
}

export function clearedSessionCookie(reach: CookieReach) {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; ${attributes(reach)}; Max-Age=0`;
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
