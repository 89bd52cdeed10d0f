import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@server/db/client";
import { applyMigrations } from "@server/db/migrate";
import { WRITE_WAIT_MS } from "@server/db/write-queue";

/**
 * A second instance starting while the first holds the write lock longer than a write waits (its first seed of
 * the demo register): it keeps trying to migrate instead of exiting with SQLITE_BUSY.
 */
test("migrating waits out another process's long write instead of failing", async () => {
  const dir = mkdtempSync(join(tmpdir(), "geolabs-busy-"));
  const file = join(dir, "portal.db");
  const database = await openDatabase(`file:${file}`);
  // Another process: takes the write lock, says so, and holds it longer than a write waits.
  const other = Bun.spawn(
    [
      process.execPath,
      "-e",
      `const { Database } = require("bun:sqlite");
       const db = new Database(${JSON.stringify(file)});
       db.run("PRAGMA journal_mode=WAL");
       db.run("BEGIN IMMEDIATE");
       db.run("CREATE TABLE held (x)");
       console.log("held");
       Bun.sleepSync(${WRITE_WAIT_MS + 1500});
       db.run("COMMIT");`,
    ],
    { stdout: "pipe" },
  );
  await other.stdout.getReader().read();
  try {
    const started = performance.now();
    await applyMigrations(database.db);
    expect(await other.exited).toBe(0);
    expect(performance.now() - started).toBeGreaterThan(WRITE_WAIT_MS);
    const tables = await database.client.execute(
      "SELECT count(*) AS n FROM sqlite_master WHERE name = 'core_boxes'",
    );
    expect(Number(tables.rows[0]!.n)).toBe(1);
  } finally {
    other.kill();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);
