import type { Role } from "@shared/permissions";
import { count } from "drizzle-orm";
import { seedCoreBoxes } from "../domains/core-boxes/seed";
import { upsertLocalAccount } from "../domains/users/local-accounts";
import type { Logger } from "../lib/logger";
import type { Db } from "./client";
import { users } from "./schema";

/** Demo accounts (documented in the README). One password for all, to keep the demo easy. */
export const DEMO_PASSWORD = "geolabs-demo";
export const DEMO_ACCOUNTS: { email: string; name: string; role: Role }[] = [
  { email: "super@geolabs.example", name: "Malia Kahale", role: "Owner" },
  { email: "owner@geolabs.example", name: "Kaimana Owens", role: "Owner" },
  { email: "admin@geolabs.example", name: "Leilani Adams", role: "Admin" },
  { email: "user@geolabs.example", name: "Noah Kealoha", role: "User" },
];

/**
 * Seed demo data into an empty database (no users yet). Each domain adds its own demo rows here as it is
 * built; an existing database is never touched.
 */
export async function seedDemoData(
  db: Db,
  opts: { log: Logger; superOwnerEmail?: string; force?: boolean; coreBoxExpiryMonths?: number },
) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (n > 0 && !opts.force) return { seeded: false };
  const started = performance.now();
  for (const account of DEMO_ACCOUNTS) {
    await upsertLocalAccount(db, { ...account, password: DEMO_PASSWORD }, { actor: "seed", source: "seed" });
  }
  // Each domain seeds only into its own empty table.
  const coreBoxes = await seedCoreBoxes(db, { expiryMonths: opts.coreBoxExpiryMonths });
  opts.log.info("demo data seeded", {
    ms: Math.round(performance.now() - started),
    accounts: DEMO_ACCOUNTS.length,
    coreBoxes,
  });
  return { seeded: true };
}
