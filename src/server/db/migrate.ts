import { resolve } from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { Db } from "./client";
import { applyExtras } from "./extras";

export const MIGRATIONS_DIR = resolve(import.meta.dir, "../../../drizzle");

/**
 * Apply the committed migrations in drizzle/, then the objects drizzle-kit cannot describe (db/extras.ts).
 * Idempotent; takes milliseconds when up to date.
 */
export async function applyMigrations(db: Db) {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await applyExtras(db);
}
