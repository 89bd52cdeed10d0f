import type { LoginInput } from "@shared/auth";
import { MESSAGES } from "@shared/auth";
import { eq } from "drizzle-orm";
import type { ChangeCounter } from "../db/change-counter";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { Env } from "../env";
import { AppError } from "../lib/errors";
import { readCookie, sessionCookieName } from "./cookies";
import { createEntraVerifier } from "./entra";
import type { Identity } from "./identity";
import { verifyPassword } from "./passwords";
import { proxyIdentity } from "./proxy";
import { reserveLoginAttempt, settleLoginSuccess } from "./rate-limit";
import { createSessionCache } from "./session-cache";
import { createSession, resolveSession, revokeSession, type SessionIdentity } from "./sessions";

export type AuthService = ReturnType<typeof createAuthService>;

type UserRow = typeof users.$inferSelect;

/**
 * What authentication asks of the accounts. The users domain owns accounts and answers; the composition
 * (create-deps.ts) wires it in, so this layer never imports a domain.
 */
export interface AccountLookup {
  findByEmail(db: Db, email: string): Promise<UserRow | null>;
  /** Entra and proxy sign-in: find (or register, when allowed) the person, refusing with a sentence. */
  signInExternal(
    db: Db,
    claims: { email: string; name: string; externalId?: string },
    opts: {
      superOwnerEmail: string | undefined;
      allowedDomains: readonly string[];
      autoProvision: boolean;
      via: "entra" | "proxy";
    },
  ): Promise<Identity>;
  toIdentity(row: UserRow, superOwnerEmail: string | undefined): Identity;
}

/**
 * Turns a request into an identity according to AUTH_MODE. Identity comes only from a session cookie (local),
 * a verified Entra token (entra) or a header sent by a trusted proxy address that also knows the proxy's secret
 * (proxy) — never from a body field or a header the browser controls.
 */
export function createAuthService(deps: {
  db: Db;
  env: Env;
  accounts: AccountLookup;
  identityChanges?: ChangeCounter | null;
}) {
  const { db, env, accounts } = deps;
  const ttlMs = env.SESSION_TTL_HOURS * 3600 * 1000;
  const maxAgeMs = env.SESSION_MAX_DAYS * 24 * 3600 * 1000;
  // Kept only where every process on the database sees each change to accounts and sessions at once.
  const cache = deps.identityChanges ? createSessionCache<Identity>(deps.identityChanges) : null;
  const sessionOpts = { ttlMs, maxAgeMs, superOwnerEmail: env.SUPER_OWNER_EMAIL, cache };
  const admission = {
    superOwnerEmail: env.SUPER_OWNER_EMAIL,
    allowedDomains: env.ALLOWED_EMAIL_DOMAINS,
    autoProvision: env.AUTO_PROVISION,
  };
  const verifyEntra = env.entra ? createEntraVerifier(env.entra) : null;
  const cookieName = sessionCookieName(env.publicHttps);

  async function identify(request: Request, peer: string | null): Promise<SessionIdentity | null> {
    switch (env.AUTH_MODE) {
      case "local": {
        const token = readCookie(request.headers.get("cookie"), cookieName);
        return token ? resolveSession(db, token, sessionOpts) : null;
      }
      case "entra": {
        const header = request.headers.get("authorization") ?? "";
        const match = /^Bearer\s+(\S+)$/i.exec(header);
        if (!match || !verifyEntra) return null;
        const claims = await verifyEntra(match[1]!);
        if (!claims) return null;
        return accounts.signInExternal(db, claims, { ...admission, via: "entra" });
      }
      case "proxy": {
        const email = proxyIdentity(request, peer, env);
        if (!email) return null;
        return accounts.signInExternal(db, { email, name: "" }, { ...admission, via: "proxy" });
      }
    }
  }

  /** Local accounts: check the password (rate limited) and open a session. */
  async function login(input: LoginInput, meta: { ip: string | null; userAgent: string | null }) {
    if (env.AUTH_MODE !== "local") throw new AppError("BAD_REQUEST", MESSAGES.passwordsElsewhere);
    await reserveLoginAttempt(db, input.email, meta.ip);
    const row = await accounts.findByEmail(db, input.email);
    const ok = await verifyPassword(input.password, row?.passwordHash);
    if (!row || !ok || row.status !== "active") throw new AppError("UNAUTHORIZED", MESSAGES.invalidLogin);
    await settleLoginSuccess(db, input.email, meta.ip);
    const now = new Date();
    // Said only to someone who knew the password: it was right, but its time is over.
    if (row.passwordTemporaryUntil && row.passwordTemporaryUntil <= now) {
      throw new AppError("UNAUTHORIZED", MESSAGES.temporaryPasswordExpired);
    }
    const session = await createSession(
      db,
      { id: row.id, passwordHash: row.passwordHash! },
      { ...sessionOpts, ...meta, now },
    );
    // The password changed (or the account was removed) while it was being checked.
    if (!session) throw new AppError("UNAUTHORIZED", MESSAGES.invalidLogin);
    await db
      .update(users)
      .set({ lastSignInAt: now, firstSignInAt: row.firstSignInAt ?? now })
      .where(eq(users.id, row.id));
    const identity: Identity = {
      ...accounts.toIdentity(row, env.SUPER_OWNER_EMAIL),
      mustChangePassword: !!row.passwordTemporaryUntil,
    };
    return { identity, ...session };
  }

  async function logout(identity: Identity | null) {
    if (identity?.sessionId) await revokeSession(db, identity.sessionId);
  }

  return { identify, login, logout, ttlMs, cookieName };
}
