import { afterAll, describe, expect, test } from "bun:test";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { IMPORT_DOORS, sendImport } from "../helpers/import-doors";
import { plainWorkbook } from "../helpers/xlsx-bombs";

/**
 * What one person's imports may cost everyone else: the reading process's memory and time limits, imports taking
 * turns round-robin by person, a bounded queue (503) and a per-person rate (429), on both doors.
 */
const apps: TestApp[] = [];
const app = async (env: Record<string, string>) => {
  const t = await startTestApp(env);
  apps.push(t);
  return t;
};
afterAll(async () => {
  for (const t of apps) await t.close();
});

const door = (name: string) => IMPORT_DOORS.find((d) => d.name === name)!;
const binderRows = (n: number) => {
  const rows: string[][] = [["Work Order #", "Engineer's Initials"]];
  for (let i = 0; i < n; i++) rows.push([`${1000 + (i % 8999)}-01`, "GS"]);
  return plainWorkbook(rows);
};
const csv = (wo: string) => new TextEncoder().encode(`Work Order #\n${wo}\n`) as Uint8Array<ArrayBuffer>;

describe("the reading process's limits", () => {
  test("IMPORT_MEMORY_MB: a workbook that needs more is stopped, in words", async () => {
    const t = await app({ IMPORT_MEMORY_MB: "64" });
    const r = await sendImport(t, door("binder REST"), await t.login(DEMO.user), binderRows(40_000));
    expect(r.status).toBe(422);
    expect(r.error).toBe(
      "This spreadsheet needed more than 64 MB of memory to read and was stopped; split it into smaller files or export it as CSV.",
    );
  }, 30_000);

  test("IMPORT_TIMEOUT_S: a workbook that takes longer is stopped, in words", async () => {
    const t = await app({ IMPORT_TIMEOUT_S: "0.2" });
    const r = await sendImport(t, door("core boxes tRPC"), await t.login(DEMO.user), binderRows(40_000));
    expect(r.status).toBe(422);
    expect(r.error).toBe(
      "This spreadsheet took longer than 0.2 seconds to read and was stopped; split it into smaller files or export it as CSV.",
    );
  }, 30_000);
});

describe("imports take turns", () => {
  test("another person's single import runs right after the one being read, before the rest of a batch", async () => {
    const t = await app({ IMPORTS_AT_ONCE: "1" });
    const [ann, bob] = [await t.login(DEMO.user), await t.login(DEMO.admin)];
    const file = binderRows(8_000);
    const finished: string[] = [];
    const send = (who: string, cookie: string) =>
      sendImport(t, door("binder REST"), cookie, file).then((r) => {
        expect(r.status).toBe(200);
        finished.push(who);
      });
    const batch = [send("ann-1", ann), send("ann-2", ann), send("ann-3", ann)];
    // Bob asks once ann's batch is in: one of hers reading, two waiting.
    while (t.deps.limits.imports.stats().waiting < 2) await Bun.sleep(5);
    await Promise.all([...batch, send("bob", bob)]);
    // Behind the one reading only: the person let in least recently goes next, never the whole batch first.
    expect(finished.indexOf("bob")).toBe(1);
  }, 60_000);

  test("past IMPORTS_QUEUE_MAX waiting, an import is refused with 503 and Retry-After", async () => {
    const t = await app({ IMPORTS_AT_ONCE: "1", IMPORTS_QUEUE_MAX: "1" });
    const [ann, bob, cat] = [await t.login(DEMO.user), await t.login(DEMO.admin), await t.login(DEMO.owner)];
    const reading = sendImport(t, door("binder REST"), ann, binderRows(20_000));
    while (t.deps.limits.imports.stats().running < 1) await Bun.sleep(5);
    const waiting = sendImport(t, door("core boxes REST"), bob, csv("1234-01"));
    while (t.deps.limits.imports.stats().waiting < 1) await Bun.sleep(5);
    const refused = await sendImport(t, door("core boxes tRPC"), cat, csv("1234-02"));
    expect(refused.status).toBe(503);
    expect(refused.error).toBe(
      "Many spreadsheets are being imported right now. Please try again in a few seconds.",
    );
    expect(refused.retryAfter).toBe("5");
    expect((await reading).status).toBe(200);
    expect((await waiting).status).toBe(200);
  }, 60_000);
});

describe("a person's import rate", () => {
  test("past RATE_IMPORTS_PER_MIN a person is refused (429, Retry-After) on both doors; others are not", async () => {
    const t = await app({ RATE_IMPORTS_PER_MIN: "2" });
    // Ann is an Admin, so the project register takes her files too.
    const [ann, bob] = [await t.login(DEMO.admin), await t.login(DEMO.user)];
    expect((await sendImport(t, door("binder REST"), ann, csv("1234-01"))).status).toBe(200);
    expect((await sendImport(t, door("core boxes REST"), ann, csv("1234-02"))).status).toBe(200);
    for (const name of ["binder REST", "core boxes tRPC", "project register REST"]) {
      const r = await sendImport(t, door(name), ann, csv("1234-03"));
      expect(r.status).toBe(429);
      expect(r.error).toMatch(
        /^You sent more imports than the portal takes from one person in a minute \(2\)\. Try again in \d+ s\.$/,
      );
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    expect((await sendImport(t, door("core boxes tRPC"), bob, csv("1234-04"))).status).toBe(200);
  }, 30_000);
});
