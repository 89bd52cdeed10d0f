/**
 * The "live" facet token of the core box search: exact for the sweep's day, moved forward by the first
 * request of a later day, never backward; counts of expired search hits agree whichever way they are made.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { applyExtras } from "@server/db/extras";
import { sweepTo } from "@server/domains/core-boxes/expiry-tokens";
import { countMatching } from "@server/domains/core-boxes/list-plan";
import { toFilters } from "@server/domains/core-boxes/queries";
import { coreBoxListInput, todayIso } from "@shared/core-boxes";
import { addDays, format, parseISO } from "date-fns";
import { sql } from "drizzle-orm";
import { DEMO, startTestApp, type TestApp } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { uniqueWo } from "../helpers/core-boxes";

let t: TestApp;
const today = todayIso();
const dayAfter = (days: number, from = today) => format(addDays(parseISO(from), days), "yyyy-MM-dd");

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const one = async (query: ReturnType<typeof sql>) =>
  Number((await t.deps.db.all<{ n: number | string }>(query))[0]?.n);
const sweepDay = async () =>
  (await t.deps.db.all<{ day: string }>(sql`SELECT day FROM core_box_expiry_sweep`))[0]?.day;
const withToken = () =>
  one(sql`SELECT count(*) AS n FROM core_boxes_search WHERE core_boxes_search MATCH 'facets : "xl"'`);
const liveOn = (day: string) =>
  one(
    sql`SELECT count(*) AS n FROM core_boxes WHERE storage_expiry_date IS NULL OR storage_expiry_date >= ${day}`,
  );
const expiredOn = (day: string) =>
  one(sql`SELECT count(*) AS n FROM core_boxes WHERE storage_expiry_date < ${day}`);

const filtersOn = (day: string, q: string) =>
  toFilters(coreBoxListInput.parse({ q, expired: 1 }), parseISO(day))!;

/** "Expired only" with a search every demo box matches on its work order's first digit, counted three ways. */
async function countsOn(day: string) {
  const totals: Record<string, number> = {};
  for (const q of ["0", "1", "2"]) {
    const f = filtersOn(day, q);
    for (const expiredBy of ["rows", "live", "months"] as const) {
      totals[expiredBy] = (totals[expiredBy] ?? 0) + (await countMatching(t.deps.db, f, { expiredBy })).total;
    }
  }
  return totals;
}

describe("the live token of the core box search", () => {
  test("starts on today's date, on every box not expired", async () => {
    expect(await sweepDay()).toBe(today);
    const live = await liveOn(today);
    expect(live).toBeGreaterThan(0);
    expect(await expiredOn(today)).toBeGreaterThan(0);
    expect(await withToken()).toBe(live);
    const counts = await countsOn(today);
    expect(counts.live).toBe(counts.rows);
    expect(counts.months).toBe(counts.rows);
  });

  test("a later day's request moves the day forward; the boxes that expired in between lose the token", async () => {
    const later = dayAfter(800);
    expect(await expiredOn(later)).toBeGreaterThan(await expiredOn(today));
    const counts = await countsOn(later);
    expect(await sweepDay()).toBe(later);
    expect(await withToken()).toBe(await liveOn(later));
    expect(counts.live).toBe(counts.rows);
    expect(counts.months).toBe(counts.rows);
  });

  test("an earlier day is counted without the token, and the day does not go back", async () => {
    const day = await sweepDay();
    const earlier = dayAfter(-400, day);
    const counts = await countsOn(earlier);
    expect(counts.live).toBeNaN();
    expect(counts.months).toBe(counts.rows);
    const f = filtersOn(earlier, "1");
    const planned = (await countMatching(t.deps.db, f)).total;
    expect(planned).toBe((await countMatching(t.deps.db, f, { expiredBy: "rows" })).total);
    expect(await sweepDay()).toBe(day);
  });

  test("boxes written after a sweep carry the token for the sweep's day", async () => {
    const day = (await sweepDay())!;
    const user = await callerAs(t, DEMO.user);
    const make = (storage_expiry_date: string | undefined) =>
      user.coreBoxes.create({ work_order: uniqueWo("XL"), project: "Token check", storage_expiry_date });
    const before = await make(dayAfter(-1, day));
    const on = await make(day);
    const none = await make(undefined);
    const hasToken = async (id: number) =>
      one(
        sql`SELECT count(*) AS n FROM core_boxes_search WHERE core_boxes_search MATCH 'facets : "xl"' AND rowid = ${id}`,
      );
    expect([await hasToken(before.id), await hasToken(on.id), await hasToken(none.id)]).toEqual([0, 1, 1]);
    // An edit that moves the expiry date past the sweep's day gives the token back.
    await user.coreBoxes.update({ id: before.id, storage_expiry_date: dayAfter(1, day) });
    expect(await hasToken(before.id)).toBe(1);
    expect(await withToken()).toBe(await liveOn(day));
  });

  test("a database indexed before the token is re-indexed with it on start, the old triggers gone", async () => {
    // The previous version of the search extra: its triggers, no token on any box, no sweep table.
    for (const name of ["core_boxes_search_insert", "core_boxes_search_delete", "core_boxes_search_update"]) {
      await t.deps.db.run(sql.raw(`DROP TRIGGER ${name}`));
    }
    await t.deps.db.run(sql`DROP TABLE core_box_expiry_sweep`);
    await t.deps.db.run(
      sql.raw(`CREATE TRIGGER core_boxes_search_ai AFTER INSERT ON core_boxes BEGIN SELECT 1; END`),
    );
    await t.deps.db.run(sql`DELETE FROM core_boxes_search`);
    expect(await withToken()).toBe(0);
    await applyExtras(t.deps.db);
    const triggers = await t.deps.db.all<{ name: string }>(
      sql`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'core_boxes_search%' ORDER BY name`,
    );
    expect(triggers.map((r) => r.name)).toEqual([
      "core_boxes_search_delete",
      "core_boxes_search_insert",
      "core_boxes_search_update",
    ]);
    expect(await sweepDay()).toBe(today);
    expect(await withToken()).toBe(await liveOn(today));
    const counts = await countsOn(today);
    expect(counts.live).toBe(counts.rows);
  });

  test("two sweeps to the same day at once (two instances) leave the index exact", async () => {
    const next = dayAfter(365, (await sweepDay())!);
    expect(await Promise.all([sweepTo(t.deps.db, next), sweepTo(t.deps.db, next)])).toEqual([true, true]);
    expect(await sweepDay()).toBe(next);
    expect(await withToken()).toBe(await liveOn(next));
  });
});
