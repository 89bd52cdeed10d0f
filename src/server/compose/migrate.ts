import type { Db } from "../db/client";
import { applyMigrations } from "../db/migrate";
import { backfillSearchWords } from "../domains/core-boxes/service";

/** The schema, then what each domain fills in for rows an older schema wrote (a no-op when done). */
export const migrateDatabase = (db: Db, waitMs?: number) =>
  applyMigrations(db, waitMs, [backfillSearchWords]);
