import { openDatabase } from "../db/client";
import { ConfigError, loadEnv } from "../env";
import { migrateDatabase } from "./migrate";

// `bun run db:migrate`: apply drizzle/ migrations to DATABASE_URL (embedded file or libSQL server).
try {
  const env = loadEnv();
  const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
  const started = performance.now();
  await migrateDatabase(database.db);
  console.log(
    `Migrations applied to ${env.DATABASE_URL.replace(/\?.*$/, "")} in ${Math.round(performance.now() - started)} ms.`,
  );
  database.close();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
