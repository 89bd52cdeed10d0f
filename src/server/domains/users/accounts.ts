import { MESSAGES } from "@shared/auth";
import { stripInvisible } from "@shared/invisible-text";
import type { Role } from "@shared/permissions";
import { eq } from "drizzle-orm";
import type { Identity } from "../../auth/identity";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import { findUserByEmail } from "./queries";
import { isSuperOwnerEmail } from "./super-owner";

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

/**
 * Entra and proxy sign-in: an unknown staff email is registered as User on first sign-in; a deactivated
 * account is refused. The last-sign-in time is refreshed at most every ten minutes (not on every request).
 * Not a `(ctx, input)` service: it is the step of authentication (auth/service.ts) that finds ctx.user.
 */
export async function signInExternalUser(
  db: Db,
  claims: { email: string; name: string },
  opts: { superOwnerEmail?: string; via: "entra" | "proxy"; now?: Date },
): Promise<Identity> {
  const now = opts.now ?? new Date();
  const email = claims.email.trim().toLowerCase();
  // The identity provider's display name is shown in lists and exports like any typed name, but a sign-in cannot
  // be refused over it: its invisible and direction-changing characters are dropped instead (invisible-text.ts).
  const claimedName = stripInvisible(claims.name).trim();
  let row = await findUserByEmail(db, email);
  if (!row) {
    const role: Role = isSuperOwnerEmail(email, opts.superOwnerEmail) ? "Owner" : "User";
    row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          name: claimedName || nameFromEmail(email),
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
  if (row.status !== "active") throw new AppError("FORBIDDEN", MESSAGES.accountRemoved);
  const stale = !row.lastSignInAt || now.getTime() - row.lastSignInAt.getTime() > SIGN_IN_TOUCH_MS;
  if (stale || (!row.name && claimedName)) {
    await db
      .update(users)
      .set({
        lastSignInAt: now,
        firstSignInAt: row.firstSignInAt ?? now,
        name: row.name || claimedName || nameFromEmail(email),
      })
      .where(eq(users.id, row.id));
  }
  return toIdentity(row, opts.superOwnerEmail);
}
