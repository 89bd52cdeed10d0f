import { TEMPORARY_PASSWORD_DAYS } from "@shared/auth";
import { hashPassword } from "../../auth/passwords";

const DAY_MS = 24 * 3600 * 1000;

/** Twelve letters and digits without look-alikes (no 0/O, 1/l/I): read off a screen and typed once. */
function temporaryPassword(): string {
  const letters = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return [...bytes].map((b) => letters[b % letters.length]).join("");
}

/**
 * A password an Owner (or the server's log, for the super-owner's first start) is shown once: it must be changed
 * at the first sign-in and stops working TEMPORARY_PASSWORD_DAYS after `now`, so whoever saw it does not know the
 * person's password for good.
 */
export async function newTemporaryPassword(now: Date) {
  const password = temporaryPassword();
  return {
    password,
    /** The account columns that make it the account's password. */
    columns: {
      passwordHash: await hashPassword(password),
      passwordTemporaryUntil: new Date(now.getTime() + TEMPORARY_PASSWORD_DAYS * DAY_MS),
      demoPassword: false,
      demoPasswordKnown: true,
      passwordChangedAt: now,
    },
  };
}
