import { emailAddress } from "@shared/common";
import { ROLES, type Role } from "@shared/permissions";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { hashPassword, PASSWORD_MIN_LENGTH } from "../../auth/passwords";
import { revokeUserSessions } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { parseInput } from "../../lib/errors";

export const localAccountInput = z.object({
  email: emailAddress,
  role: z.enum(ROLES, { error: "must be Owner, Admin or User" }),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(1024, "is too long"),
  name: z.string().trim().max(200).optional(),
});

/**
 * Create or update a local account (used by `bun run user:add` and the demo seed). Updating a password revokes
 * the account's open sessions; a deactivated account is reactivated.
 */
/**
 * argon2id costs ~0.25 s of CPU per hash on the 2-core VM; the demo accounts share one (public) password, so the
 * seed hashes it once and reuses that hash instead of adding a second to every first start.
 */
function hashOnce(password: string, hashes?: Map<string, Promise<string>>): Promise<string> {
  if (!hashes) return hashPassword(password);
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export async function upsertLocalAccount(
  db: Db,
  raw: { email: string; role: Role; password: string; name?: string },
  opts: { actor: string; source: "cli" | "seed"; hashes?: Map<string, Promise<string>> },
) {
  const input = parseInput(localAccountInput, raw);
  const passwordHash = await hashOnce(input.password, opts.hashes);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
    if (existing) {
      await tx
        .update(users)
        .set({
          role: input.role,
          passwordHash,
          name: input.name || existing.name,
          status: "active",
          deactivatedAt: null,
          deactivatedBy: null,
          roleAtRemoval: null,
        })
        .where(eq(users.id, existing.id));
      await revokeUserSessions(tx, existing.id);
      await recordAudit(tx, {
        actor: opts.actor,
        action: "user.update",
        target: input.email,
        details: {
          via: opts.source,
          before: { role: existing.role, status: existing.status },
          after: { role: input.role, status: "active" },
        },
      });
      return { created: false, email: input.email, role: input.role };
    }
    await tx.insert(users).values({
      email: input.email,
      name: input.name ?? "",
      role: input.role,
      passwordHash,
      source: opts.source,
      registeredBy: opts.actor,
    });
    await recordAudit(tx, {
      actor: opts.actor,
      action: "user.register",
      target: input.email,
      details: { via: opts.source, after: { role: input.role } },
    });
    return { created: true, email: input.email, role: input.role };
  });
}
