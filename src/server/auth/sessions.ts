import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { preparedPer } from "../db/prepared";
import { sessions, users } from "../db/schema";
import type { Identity } from "./identity";
import { isSuperOwnerEmail } from "./identity";
import type { SessionCache } from "./session-cache";

function sha256(value: string) {
  return new Bun.CryptoHasher("sha256").update(value).digest("hex");
}

export interface SessionOptions {
  /** Idle lifetime: each use in the second half of it extends the session by this much again. */
  ttlMs: number;
  /** Absolute lifetime from sign-in: no extension goes past it. */
  maxAgeMs: number;
  superOwnerEmail?: string;
  /** Sessions already looked up (embedded database only; see session-cache.ts). */
  cache?: SessionCache<Identity> | null;
}

/**
 * Open a session for the account whose password was just checked, and return the raw token for the cookie (only
 * its hash is stored). One statement inserts it only if the account is still active and still has the password
 * hash that was checked: a password changed or reset while the (slow) check ran makes no session, so no session
 * made with an old password outlives the change that ended the others.
 */
export async function createSession(
  db: DbOrTx,
  account: { id: number; passwordHash: string },
  opts: SessionOptions & { ip?: string | null; userAgent?: string | null; now?: Date },
): Promise<{ token: string; expiresAt: Date } | null> {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const now = opts.now ?? new Date();
  const expiresAt = new Date(now.getTime() + Math.min(opts.ttlMs, opts.maxAgeMs));
  const result = await db.run(sql`
    INSERT INTO ${sessions} (id, user_id, created_at, expires_at, ip, user_agent)
    SELECT ${sha256(token)}, ${users.id}, ${now.getTime()}, ${expiresAt.getTime()}, ${opts.ip ?? null},
      ${opts.userAgent?.slice(0, 300) ?? null}
    FROM ${users}
    WHERE ${users.id} = ${account.id} AND ${users.status} = 'active' AND ${users.passwordHash} = ${account.passwordHash}`);
  return result.rowsAffected ? { token, expiresAt } : null;
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
      passwordTemporaryUntil: users.passwordTemporaryUntil,
      createdAt: sessions.createdAt,
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

/** A resolved session: who is calling, and the new expiry when this request extended it (re-issue the cookie). */
export type SessionIdentity = Identity & { renewedUntil?: Date };

/**
 * Resolve a cookie token to an active user. Expired sessions, deactivated accounts and expired temporary
 * passwords resolve to null. Sliding expiry: a session used in the second half of its idle lifetime is extended
 * by a full one, never past its absolute lifetime (SESSION_MAX_DAYS after sign-in); the caller re-issues the
 * cookie then, so the browser forgets the session exactly when the server does.
 */
export async function resolveSession(
  db: DbOrTx,
  token: string,
  opts: SessionOptions & { now?: Date },
): Promise<SessionIdentity | null> {
  if (!token || token.length > 100) return null;
  const id = sha256(token);
  const now = (opts.now ?? new Date()).getTime();
  const cache = opts.cache;
  const hit = cache?.get(id);
  // A cached session not yet due for extension; one that is goes to the database, which extends it.
  if (hit && !dueForExtension(hit, now, opts)) return hit.value;
  const mark = cache?.mark() ?? 0;
  // The placeholder skips the column's mapping: pass what the timestamp column stores (ms since the epoch).
  const [row] = await sessionLookup(db as Db).all({ id, now });
  if (!row) return null;
  const temporaryUntil = row.passwordTemporaryUntil?.getTime();
  if (temporaryUntil !== undefined && temporaryUntil <= now) return null;
  const endOfLife = row.createdAt.getTime() + opts.maxAgeMs;
  if (now >= endOfLife) return null;
  let expiresAt = row.expiresAt.getTime();
  let renewedUntil: Date | undefined;
  if (dueForExtension({ expiresAt, endOfLife }, now, opts)) {
    expiresAt = Math.min(now + opts.ttlMs, endOfLife);
    renewedUntil = new Date(expiresAt);
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.id, id));
  }
  const identity: Identity = {
    id: row.userId,
    email: row.email,
    name: row.name,
    role: row.role,
    isSuperOwner: isSuperOwnerEmail(row.email, opts.superOwnerEmail),
    sessionId: id,
    mustChangePassword: temporaryUntil !== undefined,
  };
  cache?.store(id, { value: identity, expiresAt, endOfLife }, mark);
  return renewedUntil ? { ...identity, renewedUntil } : identity;
}

/** In the second half of its idle lifetime, and not yet at its absolute end. */
function dueForExtension(s: { expiresAt: number; endOfLife: number }, now: number, opts: SessionOptions) {
  return s.expiresAt - now < opts.ttlMs / 2 && s.expiresAt < s.endOfLife;
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** End every session of an account, or every one but `keep` (the one that changed the password). */
export async function revokeUserSessions(db: DbOrTx, userId: number, keep?: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined));
}

export async function purgeExpiredSessions(db: DbOrTx, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
