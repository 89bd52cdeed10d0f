import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { Env } from "../../env";
import { recordAudit } from "../../lib/audit";
import type { Logger } from "../../lib/logger";
import { nameFromEmail } from "./accounts";
import { accountsWithDemoPassword, flagOldDemoPasswords } from "./passwords";
import { newTemporaryPassword } from "./temporary-password";

/** Where the super-owner's first password is left for the operator (readable by the server's user only). */
export const FIRST_PASSWORD_FILE = "super-owner-first-password.txt";

/**
 * The accounts part of a start (the primary process, after the demo seed): the super-owner's account is made
 * here when it does not exist yet (local accounts), and the log says what an operator must fix — accounts that
 * still sign in with the published demo password, or no account at all.
 */
export async function prepareAccounts(deps: { db: Db; env: Env; log: Logger }) {
  const { db, env, log } = deps;
  if (env.AUTH_MODE === "local") await createSuperOwner(deps);
  await flagOldDemoPasswords(db);
  const demo = await accountsWithDemoPassword(db);
  if (demo.length) {
    log.warn(
      "accounts still sign in with the published demo password: change or remove them before real use",
      {
        accounts: demo,
      },
    );
  }
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  const hint = firstAccountHint(env, n);
  if (hint) log.warn(hint);
}

/** What an operator must do when nobody can sign in yet, or null. */
function firstAccountHint(env: Env, accounts: number): string | null {
  if (accounts > 0) return null;
  if (env.AUTH_MODE === "local") {
    return "no accounts yet: set SUPER_OWNER_EMAIL and restart, or run `bun run user:add <email> --role Owner --password <password>`";
  }
  if (!env.SUPER_OWNER_EMAIL && !env.AUTO_PROVISION) {
    return "no accounts yet and AUTO_PROVISION=false: set SUPER_OWNER_EMAIL (that person gets in and registers the others)";
  }
  return null;
}

/**
 * SUPER_OWNER_EMAIL names an account nobody has made yet: it is made now, as Owner, with a temporary password
 * written to a file only the server's user can read (not to the log, which other people and systems read). The
 * operator signs in with it and must choose their own at once.
 */
async function createSuperOwner({ db, env, log }: { db: Db; env: Env; log: Logger }) {
  const email = env.SUPER_OWNER_EMAIL;
  if (!email) return;
  const [existing] = await db
    .select({ until: users.passwordTemporaryUntil })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (existing) {
    if (existing.until && existing.until <= new Date()) {
      log.warn("the super-owner's temporary password expired unused: set one with `bun run user:add`", {
        email,
      });
    }
    return;
  }
  const now = new Date();
  const temporary = await newTemporaryPassword(now);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email,
        name: nameFromEmail(email),
        role: "Owner",
        source: "cli",
        registeredBy: "server",
        ...temporary.columns,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row) {
      const details = { via: "first start", after: { role: "Owner" } };
      await recordAudit(tx, { actor: "server", action: "user.register", target: email, details }, now);
    }
    return !!row;
  });
  if (!created) return; // another process made it a moment ago
  const file = join(env.DATA_DIR, FIRST_PASSWORD_FILE);
  rmSync(file, { force: true }); // a file left from before keeps its old mode when written over
  writeFileSync(file, `${email}\n${temporary.password}\n`, { mode: 0o600 });
  log.warn(
    "super-owner account created: sign in with the temporary password in the file, choose your own, then delete the file",
    { email, file },
  );
}
