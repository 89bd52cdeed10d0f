import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@server/db/client";
import { STATEMENT_CACHE_SIZE, statementCacheStats } from "@server/db/driver";

const dir = mkdtempSync(join(tmpdir(), "geolabs-driver-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("embedded driver: statement cache and synchronous", () => {
  test("repeated statements are prepared once and still answer with their own arguments", async () => {
    const { client, close } = await openDatabase(`file:${join(dir, "cache.db")}`);
    try {
      await client.execute("create table t (id integer primary key, v text)");
      await client.execute({ sql: "insert into t (v) values (?), (?), (?)", args: ["a", "b", "c"] });
      const before = statementCacheStats();
      const read = (from: number) =>
        client.execute({ sql: "select v from t where id >= ? order by id", args: [from] });
      expect((await read(1)).rows.map((r) => r.v)).toEqual(["a", "b", "c"]);
      expect((await read(3)).rows.map((r) => r.v)).toEqual(["c"]);
      expect((await read(2)).rows.map((r) => r.v)).toEqual(["b", "c"]);
      const after = statementCacheStats();
      expect(after.hits - before.hits).toBeGreaterThanOrEqual(2);
      // Writes in transactions (BEGIN/COMMIT are cached too) and the rows they wrote.
      for (let i = 0; i < 3; i++) {
        const tx = await client.transaction("write");
        await tx.execute({ sql: "insert into t (v) values (?)", args: [`w${i}`] });
        await tx.commit();
      }
      expect((await read(4)).rows.map((r) => r.v)).toEqual(["w0", "w1", "w2"]);
    } finally {
      close();
    }
  });

  test("a schema change in this process is seen by a cached `select *` (its columns are read again)", async () => {
    const { client, close } = await openDatabase(`file:${join(dir, "ddl.db")}`);
    try {
      await client.execute("create table t (id integer primary key, v text)");
      await client.execute("insert into t (v) values ('a')");
      expect((await client.execute("select * from t")).columns).toEqual(["id", "v"]);
      await client.execute("alter table t add column w text default 'x'");
      const rows = await client.execute("select * from t");
      expect(rows.columns).toEqual(["id", "v", "w"]);
      expect(rows.rows[0]!.w).toBe("x");
    } finally {
      close();
    }
  });

  test("more distinct statements than the cache holds still all answer", async () => {
    const { client, close } = await openDatabase(`file:${join(dir, "evict.db")}`);
    try {
      for (let i = 0; i < STATEMENT_CACHE_SIZE + 20; i++) {
        const r = await client.execute(`select ${i} as n`);
        expect(r.rows[0]!.n).toBe(i);
      }
      expect((await client.execute("select 0 as n")).rows[0]!.n).toBe(0);
    } finally {
      close();
    }
  });

  test("after an EXPLAIN, the connection still reads fresh data and writes after another's commit", async () => {
    // SQLite never halts an EXPLAIN's program: left un-reset, it kept its connection's read transactions open,
    // so reads on it stayed at an old snapshot and its next write failed with SQLITE_BUSY_SNAPSHOT.
    const path = `file:${join(dir, "explain.db")}`;
    const mine = await openDatabase(path);
    const other = await openDatabase(path);
    try {
      await mine.client.execute("create table t (id integer primary key, v text)");
      await mine.client.execute("create index t_v on t (v)");
      const plan = await mine.client.execute({
        sql: "explain query plan select id from t where v = ?",
        args: ["a"],
      });
      expect(String(plan.rows[0]!.detail)).toContain("USING COVERING INDEX t_v");
      const running = await mine.client.execute(
        "select sql from sqlite_stmt where busy and sql like 'explain%'",
      );
      expect(running.rows).toEqual([]);
      // A read on the same connection (the pool hands back the last one returned), then a commit elsewhere.
      expect((await mine.client.execute("select count(*) as n from t")).rows[0]!.n).toBe(0);
      await other.client.execute("insert into t (v) values ('from the other')");
      expect((await mine.client.execute("select count(*) as n from t")).rows[0]!.n).toBe(1);
      await mine.client.execute("insert into t (v) values ('mine')");
      expect((await other.client.execute("select count(*) as n from t")).rows[0]!.n).toBe(2);
    } finally {
      mine.close();
      other.close();
    }
  });

  test("commits are not fsynced one by one unless DATABASE_SYNCHRONOUS=full", async () => {
    const normal = await openDatabase(`file:${join(dir, "normal.db")}`);
    const value = async (db: typeof normal) => {
      const tx = await db.client.transaction("write"); // a pooled connection other than the first
      const r = await tx.execute("PRAGMA synchronous");
      await tx.commit();
      return [(await db.client.execute("PRAGMA synchronous")).rows[0]![0], r.rows[0]![0]];
    };
    try {
      expect(await value(normal)).toEqual([1, 1]); // NORMAL
    } finally {
      normal.close();
    }
    const full = await openDatabase(`file:${join(dir, "full.db")}`, undefined, { synchronous: "full" });
    try {
      expect(await value(full)).toEqual([2, 2]); // FULL
    } finally {
      full.close();
      await openDatabase(`file:${join(dir, "reset.db")}`).then((d) => d.close()); // back to the default
    }
  });

  test("rows read as the client's: by name (enumerated), by index and length (not), as arrays, as JSON", async () => {
    const { client, close } = await openDatabase(`file:${join(dir, "rows.db")}`);
    try {
      await client.execute("create table t (id integer primary key, v text, n integer, b blob)");
      await client.execute({
        sql: "insert into t (v, n, b) values (?, ?, ?)",
        args: ["a", 2 ** 40, new Uint8Array([1, 2]).buffer],
      });
      for (let i = 0; i < 2; i++) {
        const r = (await client.execute("select id, v, n, b, null as z from t")).rows[0]!;
        expect(Object.keys(r)).toEqual(["id", "v", "n", "b", "z"]);
        expect([r.id, r.v, r.n, r.z]).toEqual([1, "a", 2 ** 40, null]);
        expect([r[0], r[1], r[2], r[4], r.length]).toEqual([1, "a", 2 ** 40, null, 5]);
        expect(new Uint8Array(r[3] as ArrayBuffer)).toEqual(new Uint8Array([1, 2]));
        expect(Array.prototype.slice.call(r).length).toBe(5);
        expect(JSON.stringify({ ...r, b: null })).toBe(
          '{"id":1,"v":"a","n":1099511627776,"b":null,"z":null}',
        );
        expect(Object.hasOwn(r, "v")).toBe(true);
        expect(Object.prototype.propertyIsEnumerable.call(r, 0)).toBe(false);
      }
      // A repeated name: the name holds the first column, each index its own value.
      const dup = (await client.execute("select 1 as x, 2 as x, 3 as length")).rows[0]!;
      expect([dup.x, dup[0], dup[1], dup[2], dup.length]).toEqual([1, 1, 2, 3, 3]);
      expect(Object.keys(dup)).toEqual(["x"]);
      // Odd names are properties, not code.
      const odd = (await client.execute('select 1 as "a""b", 2 as "__proto__", 3 as "0"')).rows[0]!;
      expect([odd['a"b'], odd[0], odd.length]).toEqual([1, 1, 3]);
      await expect(client.execute(`select ${2n ** 60n} as big`)).rejects.toThrow(/safely/);
    } finally {
      close();
    }
  });
});

describe("embedded driver: the change counters of watched tables", () => {
  test("a change to accounts or sessions bumps theirs once committed, never before; other tables do not", async () => {
    const file = join(dir, "identity.db");
    const database = await openDatabase(`file:${file}`);
    const { client, close } = database;
    try {
      const changes = database.changes!.identity;
      const boxes = database.changes!.coreBoxes;
      await client.executeMultiple(
        'create table users (id integer primary key, role text); create table "sessions" (id text); create table t (v text); create table core_boxes (v text);',
      );
      await client.execute("insert into users (role) values ('User')");
      let seen = changes.read();
      const boxesSeen = boxes.read();
      await client.execute("insert into t (v) values ('x')");
      await client.execute("select * from users");
      expect(changes.read()).toBe(seen);
      expect(boxes.read()).toBe(boxesSeen);
      await client.execute("insert into core_boxes (v) values ('x')");
      expect(changes.read()).toBe(seen); // each group its own counter
      expect(boxes.read()).not.toBe(boxesSeen);
      await client.execute(`update "users" set role = 'Admin'`);
      expect(changes.read()).not.toBe(seen);
      seen = changes.read();
      const tx = await client.transaction("write");
      await tx.execute('delete from "sessions"');
      expect(changes.read()).toBe(seen); // another process could still read the old row
      await tx.commit();
      expect(changes.read()).not.toBe(seen);
      // Another process on the same file (a second instance, `bun run user:add`) bumps the same counter.
      seen = changes.read();
      const other = Bun.spawnSync(
        [
          "bun",
          "-e",
          `const { openDatabase } = await import("${join(import.meta.dir, "../../src/server/db/client.ts")}");
           const d = await openDatabase("file:${file}"); await d.client.execute("update users set role = 'User'"); d.close();`,
        ],
        { stderr: "pipe" },
      );
      expect(other.stderr.toString()).toBe("");
      expect(changes.read()).not.toBe(seen);
    } finally {
      close();
    }
  });
});

describe("embedded driver: without the counters' file", () => {
  test("a database whose counters cannot be mapped is not opened (no process may write unseen); the error says why", async () => {
    const file = join(dir, "no-counters.db");
    mkdirSync(`${file}-changes`); // a folder where the file would be: it cannot be opened or mapped
    await expect(openDatabase(`file:${file}`)).rejects.toThrow(`Cannot open ${file}-changes`);
  });

  test("a migration run inside a transaction bumps every group at its commit", async () => {
    const database = await openDatabase(`file:${join(dir, "multi.db")}`);
    try {
      const { identity, coreBoxes } = database.changes!;
      const seen = [identity.read(), coreBoxes.read()];
      const tx = await database.client.transaction("write");
      await tx.executeMultiple("create table a (x); create table b (y);");
      expect([identity.read(), coreBoxes.read()]).toEqual(seen);
      await tx.commit();
      expect(identity.read()).not.toBe(seen[0]);
      expect(coreBoxes.read()).not.toBe(seen[1]);
    } finally {
      database.close();
    }
  });
});
