import { MESSAGES } from "@shared/auth";
import { stripInvisible } from "@shared/invisible-text";
import type { Role } from "@shared/permissions";
import { eq, sql } from "drizzle-orm";
import type { Identity } from "../../auth/identity";
import { isSuperOwnerEmail } from "../../auth/identity";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { forbidden } from "../../lib/errors";
import { findUserByEmail } from "./queries";

type UserRow = typeof users.$inferSelect;

export function toIdentity(row: UserRow, superOwnerEmail: string | undefined): Identity {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    isSuperOwner: isSuperOwnerEmail(row.email, superOwnerEmail),
  };
}

/** A display name for an email when the identity provider gives none: "kai.lee@x" -> "Kai Lee". */
export function nameFromEmail(email: string) {
  const local = email.split("@")[0] ?? email;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ");
}

const SIGN_IN_TOUCH_MS = 10 * 60 * 1000;

/** Who may come in through the company's sign-in (Entra, a proxy): ALLOWED_EMAIL_DOMAINS and AUTO_PROVISION. */
export interface AdmissionRules {
  superOwnerEmail?: string;
  /** Empty: any domain. */
  allowedDomains: readonly string[];
  /** A person without an account gets one at their first sign-in (false: Owners register people first). */
  autoProvision: boolean;
}

export const emailDomainAllowed = (email: string, domains: readonly string[]) =>
  domains.length === 0 || domains.includes(email.slice(email.lastIndexOf("@") + 1).toLowerCase());

/**
 * Entra and proxy sign-in. An email outside the allowed domains is refused before anything is looked up, so it
 * never becomes an account. With an external id (Entra's tenant + object id) the account is found by it: an
 * account registered by email is linked to it at its first sign-in, and a changed email follows the person. An
 * unknown person is registered as User when AUTO_PROVISION allows it; a deactivated account is refused. The
 * last-sign-in time is refreshed at most every ten minutes (not on every request).
 * Not a `(ctx, input)` service: it is the step of authentication (auth/service.ts) that finds ctx.user.
 */
export async function signInExternalUser(
  db: Db,
  claims: { email: string; name: string; externalId?: string },
  opts: AdmissionRules & { via: "entra" | "proxy"; now?: Date },
): Promise<Identity> {
  const now = opts.now ?? new Date();
  const email = claims.email.trim().toLowerCase();
  // The identity provider's display name is shown in lists and exports like any typed name, but a sign-in cannot
  // be refused over it: its invisible and direction-changing characters are dropped instead (invisible-text.ts).
  const person = { ...claims, email, name: stripInvisible(claims.name).trim() };
  if (!emailDomainAllowed(email, opts.allowedDomains)) throw forbidden(MESSAGES.domainNotAllowed);
  let row = await findExternalAccount(db, email, claims.externalId);
  if (!row) {
    // The super-owner gets in anyway: nobody else could register them (the console refuses their address).
    if (!opts.autoProvision && !isSuperOwnerEmail(email, opts.superOwnerEmail)) {
      throw forbidden(MESSAGES.notRegistered);
    }
    row = await registerAtSignIn(db, person, opts, now);
  }
  if (row.status !== "active") throw forbidden(MESSAGES.accountRemoved);
  const stale = !row.lastSignInAt || now.getTime() - row.lastSignInAt.getTime() > SIGN_IN_TOUCH_MS;
  const relink = !!claims.externalId && (row.externalId !== claims.externalId || row.email !== email);
  if (stale || relink || (!row.name && person.name)) {
    row = await touchExternalAccount(db, row, person, opts, now);
  }
  return toIdentity(row, opts.superOwnerEmail);
}

/** By external id when there is one; else (or not yet linked) by email, unless that row is someone else's. */
async function findExternalAccount(db: Db, email: string, externalId: string | undefined) {
  if (externalId) {
    const [linked] = await db.select().from(users).where(eq(users.externalId, externalId)).limit(1);
    if (linked) return linked;
  }
  const row = await findUserByEmail(db, email);
  if (row && externalId && row.externalId && row.externalId !== externalId) {
    throw forbidden(MESSAGES.accountLinkedElsewhere);
  }
  return row;
}

async function registerAtSignIn(
  db: Db,
  claims: { email: string; name: string; externalId?: string },
  opts: AdmissionRules & { via: "entra" | "proxy" },
  now: Date,
) {
  const { email } = claims;
  const role: Role = isSuperOwnerEmail(email, opts.superOwnerEmail) ? "Owner" : "User";
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email,
        externalId: claims.externalId ?? null,
        name: claims.name || nameFromEmail(email),
        role,
        source: "sign-in",
        registeredBy: null,
        createdAt: now,
        firstSignInAt: now,
        lastSignInAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await recordAudit(tx, {
        actor: email,
        action: "user.register",
        target: email,
        details: { via: opts.via, after: { role } },
      });
      return created;
    }
    // Another request registered the same person a moment ago.
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    return existing!;
  });
}

/**
 * Record the sign-in; link the external id and follow a changed email, in one statement (so two sign-ins cannot
 * both take an address): the email is taken only while no other account holds it, and never when it is the
 * super-owner's address (that account is made on the server). A followed email is recorded in the audit log.
 */
async function touchExternalAccount(
  db: Db,
  row: UserRow,
  claims: { email: string; name: string; externalId?: string },
  opts: { superOwnerEmail?: string },
  now: Date,
) {
  const follow = row.email !== claims.email && !isSuperOwnerEmail(claims.email, opts.superOwnerEmail);
  const [updated] = await db
    .update(users)
    .set({
      lastSignInAt: now,
      firstSignInAt: row.firstSignInAt ?? now,
      name: row.name || claims.name || nameFromEmail(claims.email),
      ...(claims.externalId ? { externalId: claims.externalId } : {}),
      ...(follow
        ? {
            email: sql`case when exists (select 1 from users as others where others.email = ${claims.email})
              then ${users.email} else ${claims.email} end`,
          }
        : {}),
    })
    .where(eq(users.id, row.id))
    .returning();
  if (updated && updated.email !== row.email) {
    await recordAudit(
      db,
      {
        actor: updated.email,
        action: "user.update",
        target: updated.email,
        details: { via: "sign-in", before: { email: row.email }, after: { email: updated.email } },
      },
      now,
    );
  }
  return updated ?? row;
}
