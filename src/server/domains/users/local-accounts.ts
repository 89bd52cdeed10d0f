import { PUBLISHED_DEMO_PASSWORD } from "@shared/auth";
import { type LocalAccountInput, localAccountInput } from "@shared/users";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../auth/passwords";
import { revokeUserSessions } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { parseInput } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";

/**
 * Create or update a local account (`bun run user:add`, as ctx.user). Updating a password revokes the account's
 * open sessions; a deactivated account is reactivated.
 */
export async function upsertLocalAccount(ctx: ServiceCtx, input: LocalAccountInput) {
  return saveLocalAccount(ctx.db, input, { actor: ctx.user.email, source: "cli", hash: hashPassword });
}

/**
 * The demo accounts of a first start (compose/seed.ts). argon2id costs ~0.25 s of CPU per hash on the 2-core VM; the
 * demo accounts share one (public) password, so it is hashed once and that hash reused instead of adding a
 * second to every first start.
 */
export async function seedLocalAccounts(db: Db, accounts: LocalAccountInput[]) {
  const hashes = new Map<string, Promise<string>>();
  const hashOnce = (password: string) => {
    let hash = hashes.get(password);
    if (!hash) {
      hash = hashPassword(password);
      hashes.set(password, hash);
    }
    return hash;
  };
  for (const account of accounts) {
    await saveLocalAccount(db, account, { actor: "seed", source: "seed", hash: hashOnce });
  }
}

async function saveLocalAccount(
  db: Db,
  raw: LocalAccountInput,
  opts: { actor: string; source: "cli" | "seed"; hash: (password: string) => Promise<string> },
) {
  const input = parseInput(localAccountInput, raw);
  const password = {
    passwordHash: await opts.hash(input.password),
    // The operator chose it: not temporary; flagged when it is the README's, so Owners are warned.
    passwordTemporaryUntil: null,
    demoPassword: input.password === PUBLISHED_DEMO_PASSWORD,
    demoPasswordKnown: true,
    passwordChangedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email)).limit(1);
    if (existing) {
      await tx
        .update(users)
        .set({
          role: input.role,
          ...password,
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
      ...password,
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
