import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { startServer } from "../../bench/lib";

/** db:backup while the real server runs and writes; db:restore refused while it runs, then a real restore. */
const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "geolabs-backup-"));
const dataDir = join(dir, "data");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// What a test started, ended even when one of its assertions fails: a writer still posting, or a server still
// running, would keep the run from ever finishing.
type Server = Awaited<ReturnType<typeof startServer>>;
const servers = new Set<Server>();
let stopWriter = () => {};
afterEach(async () => {
  stopWriter();
  await Promise.all([...servers].map((s) => s.stop()));
  servers.clear();
});
async function start() {
  const server = await startServer({ DATA_DIR: dataDir });
  servers.add(server);
  return server;
}
async function stop(server: Server) {
  await server.stop();
  servers.delete(server);
}

async function cli(script: "db:backup" | "db:restore", file: string) {
  const proc = Bun.spawn(["bun", "run", script, file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, text: out + err };
}

async function boxesIn(file: string, prefix: string) {
  const client = createClient({ url: `file:${file}` });
  try {
    const ok = await client.execute("PRAGMA integrity_check");
    const boxes = await client.execute({
      sql: "select id from core_boxes where work_order like ? order by id",
      args: [`${prefix}%`],
    });
    const orphans = await client.execute({
      sql: `select b.id from core_boxes b where b.work_order like ? and not exists
              (select 1 from change_records c where c.kind = 'core_box' and c.entity_id = b.id and c.action = 'create')`,
      args: [`${prefix}%`],
    });
    return {
      integrity: String(ok.rows[0]?.[0]),
      ids: boxes.rows.map((r) => Number(r.id)),
      orphans: orphans.rows.length,
    };
  } finally {
    client.close();
  }
}

describe("backup and restore of the embedded database", () => {
  test("a consistent backup while the server writes; restore refused while it runs, then puts the copy back", async () => {
    let server = await start();
    const cookie = await server.login("user@geolabs.example");
    // Work orders 000x-nnn: shaped like the firm's (every door refuses others), and never among the demo boxes.
    const post = (work_order: string) =>
      fetch(`${server.base}/api/core-boxes`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ work_order, project: "Backup test" }),
      });
    expect((await post("0000-001")).status).toBe(201);

    // A steady stream of writes while the backup runs; the backup starts once it is under way.
    let writing = true;
    stopWriter = () => {
      writing = false;
    };
    let n = 1;
    let confirmed = 1;
    let underWay!: () => void;
    const flowing = new Promise<void>((resolve) => {
      underWay = resolve;
    });
    const writer = (async () => {
      while (writing) {
        if ((await post(`000${Math.floor(++n / 1000)}-${String(n % 1000).padStart(3, "0")}`)).status === 201)
          confirmed++;
        if (confirmed > 5) underWay();
      }
    })();
    await Promise.race([flowing, writer]);
    expect(confirmed).toBeGreaterThan(5);
    const file = join(dir, "backup-1.db");
    const confirmedBefore = confirmed;
    const made = await cli("db:backup", file);
    const confirmedDuring = confirmed - confirmedBefore;
    writing = false;
    await writer;
    expect(made.text).toContain("Backup written to");
    expect(made.code).toBe(0);
    // It holds password and session hashes, as the database does: the portal's user alone may read it.
    expect((statSync(file).mode & 0o777).toString(8)).toBe("600");
    expect(confirmedDuring).toBeGreaterThan(0); // the server kept taking writes while the copy was made
    const copy = await boxesIn(file, "000");
    expect(copy.integrity).toBe("ok");
    // Everything confirmed before the backup started is in it.
    expect(copy.ids.length).toBeGreaterThanOrEqual(confirmedBefore);
    expect(copy.orphans).toBe(0); // every box in the copy has its create record: one moment, not a mix

    // An existing file is never overwritten.
    const again = await cli("db:backup", file);
    expect(again.code).toBe(1);
    expect(again.text).toContain("exists already");

    // Restore is refused while a server has the database open, and changes nothing.
    const refused = await cli("db:restore", file);
    expect(refused.code).toBe(1);
    expect(refused.text).toMatch(/The portal is running .*Stop every instance/);
    expect((await post("0010-001")).status).toBe(201);

    // Stop, restore, start again: the backup's boxes are there, the later one is not.
    const live = await boxesIn(join(dataDir, "portal.db"), "000");
    await stop(server);
    const restored = await cli("db:restore", file);
    expect(restored.text).toContain("Restored");
    expect(restored.code).toBe(0);
    expect(readdirSync(dataDir).some((f) => f.startsWith("portal.db.before-restore-"))).toBe(true);
    server = await start();
    const restoredCookie = await server.login("user@geolabs.example");
    const list = (await (
      await fetch(`${server.base}/api/core-boxes?q=000&page_size=100`, {
        headers: { cookie: restoredCookie },
      })
    ).json()) as { total: number };
    expect(list.total).toBe(copy.ids.length);
    expect(live.ids.length).toBeGreaterThan(copy.ids.length);
    const after = await fetch(`${server.base}/api/core-boxes?q=0010-001`, {
      headers: { cookie: restoredCookie },
    });
    expect(((await after.json()) as { total: number }).total).toBe(0);
  }, 90_000);

  test("restore refuses a file that is not a portal database backup", async () => {
    const junk = join(dir, "junk.db");
    writeFileSync(junk, crypto.getRandomValues(new Uint8Array(4096)));
    const res = await cli("db:restore", junk);
    expect(res.code).toBe(1);
    expect(res.text).toContain("is not a SQLite database");
    expect((await cli("db:restore", join(dir, "missing.db"))).text).toContain("does not exist");
    expect(existsSync(join(dataDir, "portal.db"))).toBe(true);
  });
});
