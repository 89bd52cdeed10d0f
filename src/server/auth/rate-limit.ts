import { MESSAGES } from "@shared/auth";
import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { loginAttempts } from "../db/schema";
import { AppError } from "../lib/errors";

/**
 * Sign-in throttling kept in the database, so it holds across several server processes.
 * Three keys per attempt: the email+address pair (tight), the email (loose, limits spraying one account from
 * many addresses) and the address (loose, limits spraying many accounts from one address).
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LIMITS = { pair: 5, email: 20, ip: 50 } as const;

export function loginKeys(email: string, ip: string | null) {
  const addr = ip ?? "unknown";
  return [
    { key: `pair:${email}|${addr}`, limit: LOGIN_LIMITS.pair },
    { key: `email:${email}`, limit: LOGIN_LIMITS.email },
    { key: `ip:${addr}`, limit: LOGIN_LIMITS.ip },
  ];
}

export async function assertLoginAllowed(db: DbOrTx, email: string, ip: string | null, now = Date.now()) {
  const keys = loginKeys(email, ip);
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(
      inArray(
        loginAttempts.key,
        keys.map((k) => k.key),
      ),
    );
  for (const row of rows) {
    const limit = keys.find((k) => k.key === row.key)!.limit;
    if (row.windowStartedAt.getTime() > now - LOGIN_WINDOW_MS && row.failures >= limit) {
      throw new AppError("TOO_MANY_REQUESTS", MESSAGES.tooManyAttempts);
    }
  }
}

export async function recordLoginFailure(db: DbOrTx, email: string, ip: string | null, now = Date.now()) {
  const cutoff = now - LOGIN_WINDOW_MS;
  for (const { key } of loginKeys(email, ip)) {
    await db
      .insert(loginAttempts)
      .values({ key, failures: 1, windowStartedAt: new Date(now) })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.windowStartedAt} < ${cutoff} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginAttempts.windowStartedAt} < ${cutoff} then ${now} else ${loginAttempts.windowStartedAt} end`,
        },
      });
  }
}

/** A successful sign-in clears the pair counter (the looser ones age out on their own). */
export async function clearLoginFailures(db: DbOrTx, email: string, ip: string | null) {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [loginKeys(email, ip)[0]!.key]));
}
