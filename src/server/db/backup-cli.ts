import { closeSync, existsSync, openSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";
import { ConfigError, loadEnv } from "../env";
import { PRIVATE_FILE } from "../lib/private-files";
import { dbFilePath } from "./instances";

/**
 * `bun run db:backup <file>`: a consistent copy of the embedded database, taken while the portal runs.
 * SQLite's VACUUM INTO writes the copy inside one read transaction, so it is a snapshot of one moment even
 * while other processes write (they are not blocked; WAL readers never block the writer).
 */
const USAGE = "Usage: bun run db:backup <file>   (the file must not exist yet)";

export async function backup(url: string, target: string) {
  if (!dbFilePath(url)) {
    throw new Error(
      "db:backup copies the embedded database file. DATABASE_URL points at a libSQL server: use its own backups (sqld snapshots, Turso point-in-time restore).",
    );
  }
  const file = resolve(target);
  if (existsSync(file)) throw new Error(`${file} exists already. Choose a new file name.`);
  // The copy holds password and session hashes too. VACUUM INTO writes into an empty file and keeps its mode.
  // "wx": made here, so removing it after a failure removes nothing of anyone else's.
  closeSync(openSync(file, "wx", PRIVATE_FILE));
  const client = createClient({ url, timeout: 15_000 } as Parameters<typeof createClient>[0]);
  try {
    await client.execute({ sql: "VACUUM INTO ?", args: [file] });
  } catch (err) {
    rmSync(file, { force: true });
    throw err;
  } finally {
    client.close();
  }
  return { file, bytes: statSync(file).size };
}

if (import.meta.main) {
  const target = process.argv[2];
  if (!target || target.startsWith("-")) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    const env = loadEnv();
    const started = performance.now();
    const { file, bytes } = await backup(env.DATABASE_URL, target);
    const ms = Math.round(performance.now() - started);
    console.log(`Backup written to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB in ${ms} ms).`);
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : `Backup failed: ${(err as Error).message}`);
    process.exit(1);
  }
}
