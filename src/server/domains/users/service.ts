import {
  type Actor,
  can,
  checkRemoval,
  checkRoleChange,
  isOwner,
  REFUSED,
  type Role,
} from "@shared/permissions";
import {
  BULK_OWNER_REFUSAL,
  type BulkInput,
  type BulkOutcome,
  type EmailInput,
  type RegisterResult,
  SUPER_OWNER_ON_SERVER,
  type TemporaryPassword,
  type UpdateRoleInput,
  USER_TEXTS,
} from "@shared/users";
import { eq } from "drizzle-orm";
import { isSuperOwnerEmail } from "../../auth/identity";
import type { AccountLookup } from "../../auth/service";
import { revokeUserSessions } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { activeRow, targetOf } from "./account-rows";
import { nameFromEmail, signInExternalUser, toIdentity } from "./accounts";
import {
  allUsers,
  findUserByEmail,
  listActivity,
  listOnboarded,
  listTerminated,
  listUsers,
  roleCounts,
} from "./queries";
import { newTemporaryPassword } from "./temporary-password";

/** The Admin Console's reads are for Admins and Owners: the rule is checked here, whichever door asked. */
function staffAdminsOnly(ctx: ServiceCtx) {
  if (!can(ctx.user, "admin.view")) throw forbidden(REFUSED["admin.view"]);
}
const adminRead =
  <A extends unknown[], R>(read: (db: Db, ...args: A) => Promise<R>) =>
  async (ctx: ServiceCtx, ...args: A): Promise<R> => {
    staffAdminsOnly(ctx);
    return read(ctx.db, ...args);
  };
export const accountCounts = adminRead(roleCounts);
/** Every account (GET /api/users, the spec's list). */
export const allAccounts = adminRead(allUsers);
export const onboardedPage = adminRead(listOnboarded);
export const terminatedPage = adminRead(listTerminated);
export const activityPage = adminRead(listActivity);

/** The Admin Console's list (or, with `all`, every matching row for the CSV): the super-owner's row is marked. */
export async function userPage(
  ctx: ServiceCtx,
  input: Parameters<typeof listUsers>[1],
  opts: { all?: boolean } = {},
) {
  staffAdminsOnly(ctx);
  return listUsers(ctx.db, input, ctx.settings.SUPER_OWNER_EMAIL, opts);
}

/*
 * Account changes of the Admin Console. Every rule comes from src/shared/permissions.ts and is checked here,
 * inside the transaction that makes the change, against the row as it is now.
 */

/**
 * Admins and Users change no account: refuse before looking the target up, so the answer (403) never depends
 * on whether the account exists and a bulk call is refused as a whole rather than row by row.
 */
function ownersOnly(actor: Actor, message: string) {
  if (!isOwner(actor)) throw forbidden(message);
}

export async function updateRole(ctx: ServiceCtx, { email, role }: UpdateRoleInput) {
  ownersOnly(ctx.user, REFUSED.roleChange);
  return ctx.db.transaction(async (tx) => {
    const row = await activeRow(tx, email);
    const verdict = checkRoleChange(ctx.user, targetOf(ctx, row), role);
    if (!verdict.ok) throw forbidden(verdict.reason);
    if (row.role === role) return { email, role, changed: false };
    await tx.update(users).set({ role }).where(eq(users.id, row.id));
    await recordAudit(
      tx,
      {
        actor: ctx.user.email,
        action: "user.role",
        target: email,
        details: { before: { role: row.role }, after: { role } },
      },
      ctx.now(),
    );
    return { email, role, changed: true };
  });
}

/** Removal keeps the account (deactivated, with who and when) and ends its sessions at once. */
export async function removeUser(ctx: ServiceCtx, { email }: EmailInput) {
  ownersOnly(ctx.user, REFUSED.removal);
  return ctx.db.transaction(async (tx) => {
    const row = await activeRow(tx, email);
    const verdict = checkRemoval(ctx.user, targetOf(ctx, row));
    if (!verdict.ok) throw forbidden(verdict.reason);
    const at = ctx.now();
    await tx
      .update(users)
      .set({
        status: "deactivated",
        deactivatedAt: at,
        deactivatedBy: ctx.user.email,
        roleAtRemoval: row.role,
      })
      .where(eq(users.id, row.id));
    await revokeUserSessions(tx, row.id);
    await recordAudit(
      tx,
      {
        actor: ctx.user.email,
        action: "user.remove",
        target: email,
        details: { before: { role: row.role, status: "active" }, after: { status: "deactivated" } },
      },
      at,
    );
    return { email, removed: true };
  });
}

/**
 * An Owner pre-registers a staff email. With the company's sign-in (Entra, a proxy) they sign in with their
 * work account; with local accounts they get a temporary password, hashed here and shown to the Owner once.
 */
export async function registerUser(ctx: ServiceCtx, { email }: EmailInput): Promise<RegisterResult> {
  if (!can(ctx.user, "users.register")) throw forbidden(REFUSED["users.register"]);
  const at = ctx.now();
  const temporary = await temporaryIfLocal(ctx, at);
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    // Clients call this on every page load: an account already there is not an error (its role is kept).
    if (existing?.status === "active")
      return { email, role: existing.role as Role, message: `${email} is already registered.` };
    if (isSuperOwnerEmail(email, ctx.settings.SUPER_OWNER_EMAIL)) throw forbidden(SUPER_OWNER_ON_SERVER);
    if (existing) throw conflict(`${email} was removed. Reinstate it from IT Administration › Terminated.`);
    await tx.insert(users).values({
      email,
      name: nameFromEmail(email),
      role: "User",
      source: "register",
      registeredBy: ctx.user.email,
      ...temporary?.columns,
      createdAt: at,
    });
    await recordAudit(
      tx,
      { actor: ctx.user.email, action: "user.register", target: email, details: { after: { role: "User" } } },
      at,
    );
    return {
      email,
      role: "User" as Role,
      message: `${email} registered as User.`,
      ...signInWith(temporary),
    };
  });
}

/** With local accounts a person comes (back) with a temporary password; otherwise through the company sign-in. */
const temporaryIfLocal = (ctx: ServiceCtx, at: Date) =>
  ctx.settings.AUTH_MODE === "local" ? newTemporaryPassword(at) : Promise.resolve(null);

const signInWith = (temporary: { password: string } | null): TemporaryPassword =>
  temporary
    ? { sign_in: USER_TEXTS.signInWithPassword, temporary_password: temporary.password }
    : { sign_in: USER_TEXTS.signInWithWorkAccount };

/**
 * Reinstate a removed account. It gets back its role at removal when the actor could grant that role
 * (an Owner cannot grant Owner); otherwise it comes back as User. With local accounts it gets a new temporary
 * password: whatever it signed in with before is not trusted again.
 */
export async function reinstateUser(ctx: ServiceCtx, { email }: EmailInput) {
  if (!can(ctx.user, "users.reinstate")) throw forbidden(REFUSED["users.reinstate"]);
  if (isSuperOwnerEmail(email, ctx.settings.SUPER_OWNER_EMAIL)) throw forbidden(SUPER_OWNER_ON_SERVER);
  const at = ctx.now();
  const temporary = await temporaryIfLocal(ctx, at);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!row) throw notFound(`No account for ${email}.`);
    if (row.status === "active") throw conflict(`${email} is already active.`);
    const previous = row.roleAtRemoval ?? "User";
    const role: Role =
      previous === "User" || checkRoleChange(ctx.user, { ...targetOf(ctx, row), role: "User" }, previous).ok
        ? previous
        : "User";
    await tx
      .update(users)
      .set({
        status: "active",
        role,
        deactivatedAt: null,
        deactivatedBy: null,
        roleAtRemoval: null,
        ...temporary?.columns,
      })
      .where(eq(users.id, row.id));
    await recordAudit(
      tx,
      {
        actor: ctx.user.email,
        action: "user.reinstate",
        target: email,
        details: { before: { status: "deactivated" }, after: { status: "active", role } },
      },
      at,
    );
    return { email, role, ...signInWith(temporary) };
  });
}

/** Apply one action to many accounts, row by row, and say which rows were refused and why. */
export async function bulkUpdate(ctx: ServiceCtx, input: BulkInput): Promise<BulkOutcome[]> {
  const { action } = input;
  ownersOnly(ctx.user, action.kind === "delete" ? REFUSED.removal : REFUSED.roleChange);
  if (action.kind === "role" && action.role === "Owner" && !ctx.user.isSuperOwner) {
    throw forbidden(BULK_OWNER_REFUSAL);
  }
  const outcomes: BulkOutcome[] = [];
  for (const email of [...new Set(input.emails)]) {
    try {
      if (action.kind === "delete") await removeUser(ctx, { email });
      else await updateRole(ctx, { email, role: action.role });
      outcomes.push({ email, ok: true });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcomes.push({ email, ok: false, reason: err.message });
    }
  }
  return outcomes;
}

/** How authentication finds and admits people (auth/service.ts asks; create-deps.ts wires this in). */
export const accountLookup: AccountLookup = {
  findByEmail: findUserByEmail,
  signInExternal: signInExternalUser,
  toIdentity,
};
