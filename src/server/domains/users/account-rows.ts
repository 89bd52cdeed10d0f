import type { UserTarget } from "@shared/permissions";
import { eq } from "drizzle-orm";
import { isSuperOwnerEmail } from "../../auth/identity";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";

export type UserRow = typeof users.$inferSelect;

/** An account row as the permission rules see it (src/shared/permissions.ts). */
export const targetOf = (ctx: ServiceCtx, row: UserRow): UserTarget => ({
  email: row.email,
  role: row.role,
  isSuperOwner: isSuperOwnerEmail(row.email, ctx.settings.SUPER_OWNER_EMAIL),
});

/** The active account with this email, read inside the transaction that changes it (404 otherwise). */
export async function activeRow(tx: DbOrTx, email: string) {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  if (row?.status !== "active") throw notFound(`No active account for ${email}.`);
  return row;
}
