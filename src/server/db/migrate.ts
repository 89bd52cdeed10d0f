import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { Db } from "./client";
import { applyExtras } from "./extras";
import { retryWhile } from "./write-queue";

export const MIGRATIONS_DIR = resolve(import.meta.dir, "../../../drizzle");

/** A domain's fill-in of data an older schema did not have; idempotent, a no-op when done. */
export type DataStep = (db: Db) => Promise<unknown>;

/**
 * Apply the committed migrations in drizzle/, then the objects drizzle-kit cannot describe (db/extras.ts), then
 * the domains' data steps (the composition names them: compose/migrate.ts). Idempotent; takes milliseconds when
 * up to date.
 */
export async function applyMigrations(db: Db, waitMs = MIGRATE_WAIT_MS, dataSteps: DataStep[] = []) {
  // Each step is idempotent: a try refused for another process's lock is tried again from the start.
  const steps = async () => {
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    await applyExtras(db);
    for (const step of dataSteps) await step(db);
  };
  await retryWhile(lockedAnywhere, steps, waitMs, 250);
  await refreshPlannerStats(db);
}

/**
 * How long a starting instance waits for another instance's long write (its first seed of the demo register,
 * a bulk import) before it gives up migrating: a write waits 5 s at most, but starting can wait longer.
 */
const MIGRATE_WAIT_MS = 120_000;

/** SQLITE_BUSY or LOCKED anywhere in the error's chain (drizzle wraps the driver's error as its cause). */
function lockedAnywhere(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (
      /SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked/.test(
        `${e.code ?? ""} ${e.message ?? ""}`,
      )
    )
      return true;
  }
  return false;
}

/**
 * Give SQLite's planner row-count statistics (sqlite_stat1) so it can tell a filter that keeps ten rows from
 * one that keeps half the table. `analysis_limit` bounds the work to a sample per index (milliseconds even on
 * large tables); `optimize` only re-analyses tables whose size changed a lot since the last run.
 */
export async function refreshPlannerStats(db: Db) {
  // A libSQL server (sqld, Turso) refuses ANALYZE and these PRAGMAs ("unsupported statement"), so there the planner
  // works without statistics; the list queries do not depend on them (decision 0017: CROSS JOIN keeps walks outer).
  if (db.$client.protocol !== "file") return;
  await db.run(sql.raw("PRAGMA analysis_limit=1000"));
  await db.run(sql.raw("PRAGMA optimize=0x10002"));
}
