import type { Identity } from "@server/auth/identity";
import { appRouter } from "@server/compose/router";
import { toIdentity } from "@server/domains/users/accounts";
import { findUserByEmail } from "@server/domains/users/queries";
import type { TestApp } from "./app";

/** A tRPC caller acting as a seeded account (or anonymous), going through the real procedures and guards. */
export async function callerAs(t: TestApp, email: string | null) {
  let user: Identity | null = null;
  if (email) {
    const row = await findUserByEmail(t.deps.db, email);
    if (!row) throw new Error(`no such user ${email}`);
    user = toIdentity(row, t.deps.env.SUPER_OWNER_EMAIL);
  }
  return appRouter.createCaller({ deps: t.deps, user, reqId: "test", ip: "127.0.0.1" });
}
