import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startSqld } from "../tests/helpers/sqld";

/**
 * A libSQL server (sqld) serving a copy of an existing database file: sqld keeps its database at
 * `<db-path>/dbs/default/data`, so the file is copied there (once, while the source is unchanged) and sqld is
 * started on that folder. The copy is kept beside the archive for the next run.
 */
export async function startSqldOn(dbFile: string, dir: string) {
  const data = join(dir, "db", "dbs", "default", "data");
  const stamp = join(dir, "source.json");
  const source = statSync(dbFile);
  const sig = JSON.stringify({ size: source.size, mtime: source.mtimeMs });
  if (!existsSync(data) || !existsSync(stamp) || readFileSync(stamp, "utf8") !== sig) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, "db", "dbs", "default"), { recursive: true });
    console.log(`  copying the archive for sqld (${(source.size / 1e9).toFixed(1)} GB)…`);
    copyFileSync(dbFile, data);
    writeFileSync(stamp, sig);
  }
  // sqld may check a large copied file before it answers.
  return startSqld({ dbPath: join(dir, "db"), startTimeoutMs: 60_000 });
}
