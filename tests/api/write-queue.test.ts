import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@server/db/client";
import { auditLog } from "@server/db/schema";
import { withWriteLock } from "@server/db/write-queue";
import { sql } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";

/**
 * A plain write (a sign-in's session row) while a transaction is open used to freeze the whole process for the
 * 5 s busy timeout and then fail (src/server/db/write-queue.ts). Now it waits its turn, and nothing else stalls.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test("a sign-in during a slow transaction waits its turn: no frozen process, no busy error", async () => {
  let committed = 0;
  const tx = t.deps.db.transaction(async (q) => {
    await q.run(sql`insert into audit_log (ts, actor, action, target) values (1, 'test', 'slow.tx', 'a')`);
    await Bun.sleep(1200); // a transaction that awaits between statements (an import, a save with history)
    await q.run(sql`insert into audit_log (ts, actor, action, target) values (2, 'test', 'slow.tx', 'b')`);
  });
  void tx.then(() => {
    committed = performance.now();
  });
  await Bun.sleep(20);
  // The event loop keeps turning meanwhile (a thread frozen in SQLite's busy handler would delay this timer).
  let lag = 0;
  const tick = performance.now();
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      lag = performance.now() - tick - 50;
      resolve();
    }, 50),
  );
  const plain = t.deps.db.insert(auditLog).values({ ts: new Date(), actor: "test", action: "slow.plain" });
  const login = t.request("/api/auth/login", {
    method: "POST",
    json: { email: DEMO.user, password: "geolabs-demo" },
  });
  const [res] = await Promise.all([login, plain, tx, timer]);
  expect(res.status).toBe(200);
  expect(lag).toBeLessThan(500);
  expect(performance.now() - committed).toBeLessThan(2000); // done soon after the transaction, not 5 s later
  const rows = await t.deps.db.select().from(auditLog).where(sql`${auditLog.action} like 'slow.%'`);
  expect(rows).toHaveLength(3);
});

test("a batch (an answer's save) during an open transaction waits its turn and lands", async () => {
  const tx = t.deps.db.transaction(async (q) => {
    await q.run(sql`insert into audit_log (ts, actor, action, target) values (1, 'test', 'batch.tx', 'a')`);
    await Bun.sleep(300);
  });
  await Bun.sleep(20);
  // Unqueued, its BEGIN IMMEDIATE would meet the open transaction's lock and fail at once (SQLITE_BUSY).
  const batch = t.deps.db.$client.batch(
    [
      "insert into audit_log (ts, actor, action, target) values (2, 'test', 'batch.one', 'b')",
      "insert into audit_log (ts, actor, action, target) values (3, 'test', 'batch.one', 'c')",
    ],
    "write",
  );
  await Promise.all([tx, batch]);
  const rows = await t.deps.db.select().from(auditLog).where(sql`${auditLog.action} like 'batch.%'`);
  expect(rows.map((r) => r.target).sort()).toEqual(["a", "b", "c"]);
});

test("a batch that only reads is not held behind an open transaction", async () => {
  let txDone = false;
  const tx = t.deps.db
    .transaction(async (q) => {
      await q.run(
        sql`insert into audit_log (ts, actor, action, target) values (4, 'test', 'batch.read', 'd')`,
      );
      await Bun.sleep(300);
    })
    .then(() => {
      txDone = true;
    });
  await Bun.sleep(20);
  const [counted] = await t.deps.db.$client.batch(["select count(*) as n from audit_log"]);
  expect(txDone).toBe(false); // answered while the transaction was still open
  expect(Number(counted!.rows[0]!.n)).toBeGreaterThan(0);
  await tx;
});

test("concurrent transactions and plain writes all land", async () => {
  const writes = Array.from({ length: 30 }, (_, i) =>
    i % 2
      ? t.deps.db.transaction(async (q) => {
          await q.run(
            sql`insert into audit_log (ts, actor, action, target) values (${i}, 'test', 'mix', 'tx')`,
          );
          await Bun.sleep(2);
          await q.run(
            sql`insert into audit_log (ts, actor, action, target) values (${i}, 'test', 'mix', 'tx')`,
          );
        })
      : t.deps.db.insert(auditLog).values({ ts: new Date(i), actor: "test", action: "mix", target: "plain" }),
  );
  await Promise.all(writes);
  const rows = await t.deps.db.select().from(auditLog).where(sql`${auditLog.action} = 'mix'`);
  expect(rows).toHaveLength(15 * 2 + 15);
});

test("a write while another process holds the write lock waits without freezing this one, then lands", async () => {
  // Two clients on one file stand for two server processes: SQLite's lock is all they share.
  const dir = mkdtempSync(join(tmpdir(), "geolabs-lock-"));
  const url = `file:${join(dir, "lock.db")}`;
  const other = await openDatabase(url);
  const mine = await openDatabase(url);
  try {
    await other.client.execute("create table t (id integer primary key, who text)");
    const held = await other.client.transaction("write");
    await held.execute("insert into t (who) values ('other')");
    // This process keeps turning while its write waits (SQLite's busy handler would sleep on this very thread,
    // and the transaction above, on the same thread here, could then never commit).
    const lag = eventLoopLag(40);
    const write = mine.client.execute("insert into t (who) values ('mine')");
    const tx = mine.db.transaction(async (q) => {
      await q.run(sql`insert into t (who) values ('mine, in a transaction')`);
    });
    expect(await lag).toBeLessThan(30);
    await Bun.sleep(30);
    expect((await mine.client.execute("select count(*) as n from t")).rows[0]!.n).toBe(0);
    await held.commit();
    await Promise.all([write, tx]);
    const rows = await mine.client.execute("select who from t order by id");
    expect(rows.rows.map((r) => r.who)).toEqual(["other", "mine", "mine, in a transaction"]);
  } finally {
    mine.close();
    other.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a write lock held past the wait gives the person a busy error, not a frozen server", async () => {
  let tries = 0;
  const started = performance.now();
  const busy = Object.assign(new Error("SQLITE_BUSY: database is locked"), { code: "SQLITE_BUSY" });
  const attempt = withWriteLock(async () => {
    tries++;
    throw busy;
  }, 200);
  await expect(attempt).rejects.toBe(busy);
  expect(performance.now() - started).toBeGreaterThanOrEqual(200);
  expect(tries).toBeGreaterThan(10); // tried again and again meanwhile
  // Other errors are not tried again.
  let once = 0;
  const other = withWriteLock(async () => {
    once++;
    throw new Error("UNIQUE constraint failed");
  });
  await expect(other).rejects.toThrow("UNIQUE");
  expect(once).toBe(1);
});

/** How late a timer of `ms` fires. */
function eventLoopLag(ms: number) {
  const start = performance.now();
  return new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - start - ms), ms));
}
