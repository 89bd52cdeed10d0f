import { resolve } from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { Db } from "./client";

export const MIGRATIONS_DIR = resolve(import.meta.dir, "../../../drizzle");

/** Apply the committed migrations in drizzle/ (idempotent; takes milliseconds when up to date). */
export async function applyMigrations(db: Db) {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
