import type { LoginInput } from "@shared/auth";
import { MESSAGES } from "@shared/auth";
import { eq } from "drizzle-orm";
import type { ChangeCounter } from "../db/change-counter";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { signInExternalUser, toIdentity } from "../domains/users/accounts";
import { findUserByEmail } from "../domains/users/queries";
import type { Env } from "../env";
import { AppError } from "../lib/errors";
import { createEntraVerifier } from "./entra";
import type { Identity } from "./identity";
import { verifyPassword } from "./passwords";
import { purgeLoginAttempts, reserveLoginAttempt, settleLoginSuccess } from "./rate-limit";
import { createSessionCache } from "./session-cache";
import {
  createSession,
  purgeExpiredSessions,
  readCookie,
  resolveSession,
  revokeSession,
  SESSION_COOKIE,
} from "./sessions";
import { isTrustedAddress } from "./trusted-proxies";

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Turns a request into an identity according to AUTH_MODE. Identity comes only from a session cookie (local),
 * a verified Entra token (entra) or a header sent by a trusted proxy address (proxy) — never from a body field
 * or a header the browser controls.
 */
export function createAuthService(deps: { db: Db; env: Env; identityChanges?: ChangeCounter | null }) {
  const { db, env } = deps;
  const ttlMs = env.SESSION_TTL_HOURS * 3600 * 1000;
  // Kept only where every process on the database sees each change to accounts and sessions at once.
  const cache = deps.identityChanges ? createSessionCache<Identity>(deps.identityChanges) : null;
  const sessionOpts = { ttlMs, superOwnerEmail: env.SUPER_OWNER_EMAIL, cache };
  const verifyEntra = env.entra ? createEntraVerifier(env.entra) : null;

  async function identify(request: Request, peer: string | null): Promise<Identity | null> {
    switch (env.AUTH_MODE) {
      case "local": {
        const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
        return token ? resolveSession(db, token, sessionOpts) : null;
      }
      case "entra": {
        const header = request.headers.get("authorization") ?? "";
        const match = /^Bearer\s+(\S+)$/i.exec(header);
        if (!match || !verifyEntra) return null;
        const claims = await verifyEntra(match[1]!);
        if (!claims) return null;
        return signInExternalUser(db, claims, { superOwnerEmail: env.SUPER_OWNER_EMAIL, via: "entra" });
      }
      case "proxy": {
        if (!isTrustedAddress(peer, env.TRUSTED_PROXIES)) return null;
        const email = request.headers.get(env.PROXY_USER_HEADER)?.trim().toLowerCase();
        if (!email || email === "guest" || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254)
          return null;
        return signInExternalUser(
          db,
          { email, name: "" },
          { superOwnerEmail: env.SUPER_OWNER_EMAIL, via: "proxy" },
        );
      }
    }
  }

  /** Local accounts: check the password (rate limited) and open a session. */
  async function login(input: LoginInput, meta: { ip: string | null; userAgent: string | null }) {
    if (env.AUTH_MODE !== "local") {
      throw new AppError("BAD_REQUEST", "Password sign-in is not enabled on this portal.");
    }
    await reserveLoginAttempt(db, input.email, meta.ip);
    const row = await findUserByEmail(db, input.email);
    const ok = await verifyPassword(input.password, row?.passwordHash);
    if (!row || !ok || row.status !== "active") throw new AppError("UNAUTHORIZED", MESSAGES.invalidLogin);
    await settleLoginSuccess(db, input.email, meta.ip);
    const now = new Date();
    const session = await createSession(db, row.id, { ...sessionOpts, ...meta, now });
    // Expired sessions resolve to nobody already; sweeping them here keeps the table small (indexed delete).
    await purgeExpiredSessions(db, now);
    await purgeLoginAttempts(db, now.getTime());
    await db
      .update(users)
      .set({ lastSignInAt: now, firstSignInAt: row.firstSignInAt ?? now })
      .where(eq(users.id, row.id));
    return { identity: toIdentity(row, env.SUPER_OWNER_EMAIL), ...session };
  }

  async function logout(identity: Identity | null) {
    if (identity?.sessionId) await revokeSession(db, identity.sessionId);
  }

  return { identify, login, logout, ttlMs };
}
