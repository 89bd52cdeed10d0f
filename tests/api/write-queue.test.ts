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

/**
 * A transaction that writes, then awaits between statements until the test opens it (an import, a save with
 * history): `started` resolves once its first write is in, so the test acts while it is open, not after a pause.
 */
function openTransaction(action: string, then: string | null = null) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let started!: () => void;
  const begun = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = t.deps.db.transaction(async (q) => {
    await q.run(sql`insert into audit_log (ts, actor, action, target) values (1, 'test', ${action}, 'a')`);
    started();
    await gate;
    if (then)
      await q.run(
        sql`insert into audit_log (ts, actor, action, target) values (2, 'test', ${action}, ${then})`,
      );
  });
  return { started: begun, open, done };
}

/**
 * Resolves once `n` writes (a write statement, a batch or a write transaction) have been handed to the database
 * client: from there each waits its turn in the write queue.
 */
function writesIssued(n: number) {
  const client = t.deps.db.$client;
  const original = { execute: client.execute, batch: client.batch, transaction: client.transaction };
  let seen = 0;
  return new Promise<void>((resolve) => {
    const count = (write: boolean) => {
      if (write && ++seen === n) {
        Object.assign(client, original);
        resolve();
      }
    };
    const wrap = <K extends keyof typeof original>(key: K, isWrite: (args: unknown[]) => boolean) => {
      const fn = original[key] as (...args: unknown[]) => unknown;
      (client as unknown as Record<K, unknown>)[key] = (...args: unknown[]) => {
        count(isWrite(args));
        return fn(...args);
      };
    };
    const sqlOf = (stmt: unknown) => (typeof stmt === "string" ? stmt : (stmt as { sql: string }).sql);
    wrap("execute", ([stmt]) => /^\s*(insert|update|delete|replace)\b/i.test(sqlOf(stmt)));
    wrap("batch", ([, mode]) => mode !== "read");
    wrap("transaction", ([mode]) => mode !== "read");
  });
}

test("a sign-in during a slow transaction waits its turn: no frozen process, no busy error", async () => {
  let committed = 0;
  const slow = openTransaction("slow.tx", "b");
  const tx = slow.done.then(() => {
    committed = performance.now();
  });
  await slow.started;
  // The event loop keeps turning meanwhile (a thread frozen in SQLite's busy handler would delay this timer).
  let lag = 0;
  const tick = performance.now();
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      lag = performance.now() - tick - 50;
      resolve();
    }, 50),
  );
  // The plain write and the sign-in's first write (its drizzle builders run when awaited: `then` starts them).
  const queued = writesIssued(2);
  const plain = t.deps.db
    .insert(auditLog)
    .values({ ts: new Date(), actor: "test", action: "slow.plain" })
    .then(() => {});
  const login = t.request("/api/auth/login", {
    method: "POST",
    json: { email: DEMO.user, password: "geolabs-demo" },
  });
  // The transaction ends only once both wait behind it, and the timer has fired.
  await Promise.all([queued, timer]);
  slow.open();
  const [res] = await Promise.all([login, plain, tx]);
  expect(res.status).toBe(200);
  expect(lag).toBeLessThan(500);
  expect(performance.now() - committed).toBeLessThan(2000); // done soon after the transaction, not 5 s later
  const rows = await t.deps.db.select().from(auditLog).where(sql`${auditLog.action} like 'slow.%'`);
  expect(rows).toHaveLength(3);
});

test("a batch (an answer's save) during an open transaction waits its turn and lands", async () => {
  const tx = openTransaction("batch.tx");
  await tx.started;
  // Unqueued, its BEGIN IMMEDIATE would meet the open transaction's lock and fail at once (SQLITE_BUSY).
  const batch = t.deps.db.$client.batch(
    [
      "insert into audit_log (ts, actor, action, target) values (2, 'test', 'batch.one', 'b')",
      "insert into audit_log (ts, actor, action, target) values (3, 'test', 'batch.one', 'c')",
    ],
    "write",
  );
  tx.open(); // the batch has taken its place in the queue (synchronously, in the call above)
  await Promise.all([tx.done, batch]);
  const rows = await t.deps.db.select().from(auditLog).where(sql`${auditLog.action} like 'batch.%'`);
  expect(rows.map((r) => r.target).sort()).toEqual(["a", "b", "c"]);
});

test("a batch that only reads is not held behind an open transaction", async () => {
  const tx = openTransaction("batch.read");
  await tx.started;
  // The transaction stays open until after the answer: a read held behind it would wait out WRITE_WAIT_MS.
  const [counted] = await t.deps.db.$client.batch(["select count(*) as n from audit_log"]);
  expect(Number(counted!.rows[0]!.n)).toBeGreaterThan(0);
  tx.open();
  await tx.done;
});

test("concurrent transactions and plain writes all land", async () => {
  const writes = Array.from({ length: 30 }, (_, i) =>
    i % 2
      ? t.deps.db.transaction(async (q) => {
          await q.run(
            sql`insert into audit_log (ts, actor, action, target) values (${i}, 'test', 'mix', 'tx')`,
          );
          await new Promise((resolve) => setTimeout(resolve, 0)); // a turn of the event loop between statements
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
    let settled = false;
    void Promise.allSettled([write, tx]).then(() => {
      settled = true;
    });
    expect(await lag).toBeLessThan(30);
    // Still waiting, not refused: a write that met the lock without waiting would have failed by now.
    expect(settled).toBe(false);
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
