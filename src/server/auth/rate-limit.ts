import { MESSAGES } from "@shared/auth";
import { inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
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

/**
 * Count this attempt as a failure on every key *before* the password is checked, in one write transaction, or
 * refuse it (429) when a key is at its limit. Checking first and counting after the (slow) password hash let a
 * burst of parallel guesses all pass the check before any of them was counted. A right password takes its
 * count back (settleLoginSuccess).
 */
export async function reserveLoginAttempt(db: Db, email: string, ip: string | null, now = Date.now()) {
  const keys = loginKeys(email, ip);
  const cutoff = now - LOGIN_WINDOW_MS;
  await db.transaction(async (tx) => {
    const rows = await tx
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
      if (row.windowStartedAt.getTime() > cutoff && row.failures >= limit) {
        throw new AppError("TOO_MANY_REQUESTS", MESSAGES.tooManyAttempts);
      }
    }
    for (const { key } of keys) {
      await tx
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
  });
}

/**
 * The password was right: the pair counter is cleared, and the looser counters give back the one attempt
 * reserveLoginAttempt counted (earlier failures still stand, so a sprayer cannot wash them out by signing in
 * to an account of their own).
 */
export async function settleLoginSuccess(db: DbOrTx, email: string, ip: string | null) {
  const [pair, ...loose] = loginKeys(email, ip);
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [pair!.key]));
  await db
    .update(loginAttempts)
    .set({ failures: sql`max(${loginAttempts.failures} - 1, 0)` })
    .where(
      inArray(
        loginAttempts.key,
        loose.map((k) => k.key),
      ),
    );
}
