import { afterAll, beforeAll, expect, test } from "bun:test";
import { auditLog } from "@server/db/schema";
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
