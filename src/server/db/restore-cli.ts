import { copyFileSync, existsSync, readFileSync, renameSync } from "node:fs";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";
import { ConfigError, loadEnv } from "../env";
import { dbFilePath, runningInstances } from "./instances";

/**
 * `bun run db:restore <file>`: put a backup made by db:backup in place of the embedded database. Refuses while a
 * portal process has the database open (stop every instance first); the database it replaces is kept beside it
 * as `<db>.before-restore-<time>` (with its -wal/-shm files), so a restore can itself be undone.
 */
const USAGE = "Usage: bun run db:restore <backup file>   (stop the portal first)";

export async function checkBackup(file: string) {
  if (!existsSync(file)) throw new Error(`${file} does not exist.`);
  const head = readFileSync(file).subarray(0, 16).toString("latin1");
  if (head !== "SQLite format 3\0") throw new Error(`${file} is not a SQLite database.`);
  const client = createClient({ url: `file:${file}` });
  try {
    const check = await client.execute("PRAGMA integrity_check");
    if (String(check.rows[0]?.[0]) !== "ok") throw new Error(`${file} is damaged (integrity check failed).`);
    const portal = await client.execute(
      "select 1 from sqlite_master where type = 'table' and name in ('users', '__drizzle_migrations')",
    );
    if (portal.rows.length < 2) throw new Error(`${file} is not a portal database.`);
  } finally {
    client.close();
  }
}

export async function restore(url: string, source: string, now = new Date()) {
  const dbPath = dbFilePath(url);
  if (!dbPath)
    throw new Error("db:restore replaces the embedded database file; DATABASE_URL points at a server.");
  const file = resolve(source);
  await checkBackup(file);
  const running = runningInstances(dbPath);
  if (running.length) {
    throw new Error(
      `The portal is running on ${dbPath} (process ${running.join(", ")}). Stop every instance, then run db:restore again.`,
    );
  }
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const kept = `${dbPath}.before-restore-${stamp}`;
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(dbPath + suffix)) renameSync(dbPath + suffix, kept + suffix);
  }
  copyFileSync(file, dbPath);
  return { dbPath, kept: existsSync(kept) ? kept : null };
}

if (import.meta.main) {
  const source = process.argv[2];
  if (!source || source.startsWith("-")) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    const env = loadEnv();
    const { dbPath, kept } = await restore(env.DATABASE_URL, source);
    console.log(
      `Restored ${resolve(source)} to ${dbPath}.${kept ? ` The previous database is kept as ${kept}.` : ""}`,
    );
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : `Restore refused: ${(err as Error).message}`);
    process.exit(1);
  }
}
