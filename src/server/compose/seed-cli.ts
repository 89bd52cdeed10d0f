import { openDatabase } from "../db/client";
import { loadEnv } from "../env";
import { createLogger } from "../lib/logger";
import { migrateDatabase } from "./migrate";
import { seedDemoData } from "./seed";

// `bun run db:seed [--force]`: seed demo data (only into an empty database unless --force).
const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
await migrateDatabase(database.db);
const result = await seedDemoData(database.db, {
  log: createLogger("info"),
  superOwnerEmail: env.SUPER_OWNER_EMAIL,
  coreBoxExpiryMonths: env.CORE_BOX_EXPIRY_MONTHS,
  force: process.argv.includes("--force"),
});
console.log(
  result.seeded ? "Demo data seeded." : "The database already has data; nothing seeded (use --force).",
);
database.close();
