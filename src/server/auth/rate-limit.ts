import { MESSAGES } from "@shared/auth";
import { inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { loginAttempts } from "../db/schema";
import { AppError } from "../lib/errors";

/**
 * Sign-in throttling kept in the database, so it holds across several server processes. Each attempt counts
 * against four keys, each with its own window:
 * - the email+address pair (5 per 15 minutes): one address guessing one account;
 * - the address (50 per 15 minutes): one address spraying many accounts;
 * - the account from anywhere, in two tiers: 20 per minute and 200 per 15 minutes (many addresses, one account).
 *
 * The account keys do not apply to an address this account signed in from (with the right password) in the
 * last 30 days: a flood of wrong passwords from elsewhere must not lock the real owner out of where they work.
 * From a new address the short tier lets the owner in a minute after a burst; only a flood sustained past 200
 * guesses in 15 minutes holds new addresses off for the window.
 */
const MINUTE = 60 * 1000;
export const LOGIN_WINDOW_MS = 15 * MINUTE;
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;
export const LOGIN_LIMITS = { pair: 5, ip: 50, account: 20, accountSustained: 200 } as const;

interface Key {
  key: string;
  limit: number;
  windowMs: number;
  /** An account key: waived for an address the account signed in from before. */
  account?: true;
}

export function loginKeys(email: string, ip: string | null): Key[] {
  const addr = ip ?? "unknown";
  return [
    { key: `pair:${email}|${addr}`, limit: LOGIN_LIMITS.pair, windowMs: LOGIN_WINDOW_MS },
    { key: `ip:${addr}`, limit: LOGIN_LIMITS.ip, windowMs: LOGIN_WINDOW_MS },
    { key: `email:${email}`, limit: LOGIN_LIMITS.account, windowMs: MINUTE, account: true },
    {
      key: `email15:${email}`,
      limit: LOGIN_LIMITS.accountSustained,
      windowMs: LOGIN_WINDOW_MS,
      account: true,
    },
  ];
}

/** The row that remembers a right password from this address for this account (its window is the time). */
const knownKey = (email: string, ip: string | null) => `known:${email}|${ip ?? "unknown"}`;

/**
 * Count this attempt as a failure on every key *before* the password is checked, in one write transaction, or
 * refuse it (429) when a key is at its limit. Checking first and counting after the (slow) password hash let a
 * burst of parallel guesses all pass the check before any of them was counted. A right password takes its
 * count back (settleLoginSuccess).
 */
export async function reserveLoginAttempt(db: Db, email: string, ip: string | null, now = Date.now()) {
  const all = loginKeys(email, ip);
  const known = knownKey(email, ip);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(loginAttempts)
      .where(inArray(loginAttempts.key, [...all.map((k) => k.key), known]));
    const knownRow = rows.find((r) => r.key === known);
    const trusted = !!knownRow && knownRow.windowStartedAt.getTime() > now - KNOWN_ADDRESS_MS;
    const keys = trusted ? all.filter((k) => !k.account) : all;
    for (const k of keys) {
      const row = rows.find((r) => r.key === k.key);
      if (row && row.windowStartedAt.getTime() > now - k.windowMs && row.failures >= k.limit) {
        throw new AppError("TOO_MANY_REQUESTS", MESSAGES.tooManyAttempts);
      }
    }
    for (const k of keys) {
      const cutoff = now - k.windowMs;
      await tx
        .insert(loginAttempts)
        .values({ key: k.key, failures: 1, windowStartedAt: new Date(now) })
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
 * The password was right: the pair counter is cleared, the looser counters give back the one attempt
 * reserveLoginAttempt counted (earlier failures still stand, so a sprayer cannot wash them out by signing in
 * to an account of their own), and the address becomes one this account is known to sign in from.
 */
export async function settleLoginSuccess(db: DbOrTx, email: string, ip: string | null, now = Date.now()) {
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
  await db
    .insert(loginAttempts)
    .values({ key: knownKey(email, ip), failures: 0, windowStartedAt: new Date(now) })
    .onConflictDoUpdate({ target: loginAttempts.key, set: { windowStartedAt: new Date(now) } });
}

/** Counters whose window ended count nothing any more, and known addresses age out: both are deleted. */
export async function purgeLoginAttempts(db: DbOrTx, now = Date.now()) {
  await db.delete(loginAttempts).where(
    sql`(${loginAttempts.key} NOT LIKE 'known:%' AND ${loginAttempts.windowStartedAt} < ${now - LOGIN_WINDOW_MS})
        OR ${loginAttempts.windowStartedAt} < ${now - KNOWN_ADDRESS_MS}`,
  );
}
