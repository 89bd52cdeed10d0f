import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SQLD_BINARY } from "../tests/helpers/sqld";

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
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  const log = join(dir, "sqld.log");
  const proc = Bun.spawn(
    [SQLD_BINARY, "--db-path", join(dir, "db"), "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"],
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
    if (proc.exitCode !== null || performance.now() - started > 60_000) {
      proc.kill();
      await proc.exited;
      throw new Error(`sqld did not start: ${readFileSync(log, "utf8").slice(-2000)}`);
    }
    await Bun.sleep(100);
  }
  return {
    url,
    pid: proc.pid,
    async close() {
      proc.kill();
      await proc.exited;
    },
  };
}
