import { type ChangePasswordInput, MESSAGES, PUBLISHED_DEMO_PASSWORD } from "@shared/auth";
import { checkPasswordReset, isOwner, REFUSED } from "@shared/permissions";
import { type EmailInput, type TemporaryPassword, USER_TEXTS } from "@shared/users";
import { and, eq, isNotNull } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../../auth/passwords";
import { reserveLoginAttempt, settleLoginSuccess } from "../../auth/rate-limit";
import { revokeUserSessions } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError, badRequest, conflict, forbidden } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { activeRow, targetOf } from "./account-rows";
import { findUserByEmail } from "./queries";
import { newTemporaryPassword } from "./temporary-password";

/** Passwords exist only for local accounts; with Entra or a proxy the company's sign-in owns them. */
function localAccountsOnly(ctx: ServiceCtx) {
  if (ctx.settings.AUTH_MODE !== "local") throw badRequest(MESSAGES.passwordsElsewhere);
}

/**
 * A person changes their own password: the current one is checked (throttled like sign-in, so a session left
 * open is no way to guess it), the new one is stored, a temporary password stops being one, and every other
 * session of the account ends (the one that changed it stays signed in).
 */
export async function changePassword(ctx: ServiceCtx, input: ChangePasswordInput) {
  localAccountsOnly(ctx);
  const { email } = ctx.user;
  await reserveLoginAttempt(ctx.db, email, ctx.ip);
  const row = await findUserByEmail(ctx.db, email);
  if (!row || !(await verifyPassword(input.current_password, row.passwordHash))) {
    throw badRequest(MESSAGES.wrongCurrentPassword);
  }
  await settleLoginSuccess(ctx.db, email, ctx.ip);
  const at = ctx.now();
  if (row.passwordTemporaryUntil && row.passwordTemporaryUntil <= at) {
    throw new AppError("UNAUTHORIZED", MESSAGES.temporaryPasswordExpired);
  }
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    // Only over the password that was checked: a reset or another change meanwhile wins, and this one says so.
    const [changed] = await tx
      .update(users)
      .set({
        passwordHash,
        passwordTemporaryUntil: null,
        demoPassword: false,
        demoPasswordKnown: true,
        passwordChangedAt: at,
      })
      .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash!)))
      .returning({ id: users.id });
    if (!changed) throw conflict(MESSAGES.passwordChangedMeanwhile);
    await revokeUserSessions(tx, row.id, ctx.user.sessionId);
    await recordAudit(tx, { actor: email, action: "user.password_change", target: email }, at);
  });
  return { ok: true, message: MESSAGES.passwordChanged };
}

/**
 * An Owner gives a person a new temporary password (forgotten, or suspected known to someone else): their
 * sessions end at once, and they must choose their own at the next sign-in. Same rule as removal.
 */
export async function resetPassword(
  ctx: ServiceCtx,
  { email }: EmailInput,
): Promise<TemporaryPassword & { email: string; message: string }> {
  if (!isOwner(ctx.user)) throw forbidden(REFUSED.passwordReset);
  localAccountsOnly(ctx);
  const at = ctx.now();
  const temporary = await newTemporaryPassword(at);
  return ctx.db.transaction(async (tx) => {
    const row = await activeRow(tx, email);
    const verdict = checkPasswordReset(ctx.user, targetOf(ctx, row));
    if (!verdict.ok) throw forbidden(verdict.reason);
    await tx.update(users).set(temporary.columns).where(eq(users.id, row.id));
    await revokeUserSessions(tx, row.id);
    await recordAudit(tx, { actor: ctx.user.email, action: "user.password_reset", target: email }, at);
    return {
      email,
      message: `${email} has a new temporary password.`,
      sign_in: USER_TEXTS.signInWithPassword,
      temporary_password: temporary.password,
    };
  });
}

/** Active accounts that still sign in with the password published in the README. */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.status, "active"), eq(users.demoPassword, true)))
    .orderBy(users.email);
  return rows.map((r) => r.email);
}

/** The Admin Console's warning, for Owners: who still signs in with the published demo password. */
export async function demoPasswordAccounts(ctx: ServiceCtx): Promise<{ emails: string[] }> {
  if (!isOwner(ctx.user)) throw forbidden(REFUSED.demoPasswords);
  return { emails: await accountsWithDemoPassword(ctx.db) };
}

/**
 * Passwords set before the portal kept the flag (an install from before it): each is checked against the
 * published one once, and the row remembers it was checked, so a start pays for each old password only once.
 */
export async function flagOldDemoPasswords(db: Db) {
  const unknown = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.demoPasswordKnown, false), isNotNull(users.passwordHash)));
  for (const row of unknown) {
    const demoPassword = await verifyPassword(PUBLISHED_DEMO_PASSWORD, row.passwordHash);
    await db.update(users).set({ demoPassword, demoPasswordKnown: true }).where(eq(users.id, row.id));
  }
}
