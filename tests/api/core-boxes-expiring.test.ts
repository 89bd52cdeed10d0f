import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { BoxFields } from "@server/domains/core-boxes/queries";
import { expiringBoxes } from "@server/domains/core-boxes/service";
import { type CoreBoxRow, EXPIRES_MESSAGE, todayIso } from "@shared/core-boxes";
import { addDays, format } from "date-fns";
import { DEMO, startTestApp, type TestApp, trpcCall } from "../helpers/app";
import { callerAs } from "../helpers/caller";
import { boxRecord, clearBoxes, insertBoxes } from "../helpers/core-boxes";

/** "Expires within 30 / 60 / 90 days" on the core box list (both doors) and the dashboard's count. */
let t: TestApp;
let cookie: string;
const day = (n: number) => format(addDays(new Date(), n), "yyyy-MM-dd");
/** Work order → days from today to its storage expiry (null: no expiry date). */
const EXPIRY: Record<string, number | null> = {
  "8100-01": -1,
  "8100-02": 0,
  "8100-03": 10,
  "8100-04": 30,
  "8100-05": 31,
  "8100-06": 59,
  "8100-07": 85,
  "8100-08": 91,
  "8100-09": 400,
  "8100-10": null,
};

const box = (wo: string, i: number): BoxFields => ({
  work_order: wo,
  project: i % 2 ? "Kona Reservoir" : "Hilo Seawall",
  engineer: "GS",
  report_submission_date: day(-700),
  storage_expiry_date: EXPIRY[wo] === null ? null : day(EXPIRY[wo]!),
  complete: "Yes",
  keep_or_dump: "Keep",
  island: i % 2 ? "Hawaii" : "Oahu",
  year: 2024,
});

beforeAll(async () => {
  t = await startTestApp();
  await clearBoxes(t);
  await insertBoxes(
    t,
    Object.keys(EXPIRY).map((wo, i) => boxRecord(box(wo, i))),
  );
  cookie = await t.login(DEMO.user);
});
afterAll(() => t.close());

const within = (days: number) =>
  Object.entries(EXPIRY)
    .filter(([, d]) => d !== null && d >= 0 && d <= days)
    .map(([wo]) => wo)
    .sort();

async function rest(query: string) {
  const res = await t.request(`/api/core-boxes?${query}`, { cookie });
  return {
    status: res.status,
    body: (await res.json()) as { rows: CoreBoxRow[]; total: number; error?: string },
  };
}
const wos = (rows: CoreBoxRow[]) => rows.map((r) => r.work_order).sort();

describe("the list's expires filter", () => {
  test("REST: 30, 60 and 90 days, from today on (expired boxes and those without a date are left out)", async () => {
    expect(within(30)).toEqual(["8100-02", "8100-03", "8100-04"]);
    for (const days of [30, 60, 90]) {
      const { status, body } = await rest(`expires=${days}&page_size=100`);
      expect({ days, status, wos: wos(body.rows), total: body.total }).toEqual({
        days,
        status: 200,
        wos: within(days),
        total: within(days).length,
      });
    }
  });

  test("tRPC: the same boxes, with another filter, a search and every sort (walk and fetch agree)", async () => {
    const user = await callerAs(t, DEMO.user);
    const hawaii = within(90).filter((wo) => box(wo, Object.keys(EXPIRY).indexOf(wo)).island === "Hawaii");
    for (const sort_by of [
      "storage_expiry_date",
      "island",
      "work_order",
      "report_submission_date",
    ] as const) {
      const listed = await user.coreBoxes.list({ expires: 90, island: "Hawaii", sort_by, page_size: 100 });
      expect({ sort_by, wos: wos(listed.rows), total: listed.total }).toEqual({
        sort_by,
        wos: hawaii,
        total: hawaii.length,
      });
    }
    const searched = await user.coreBoxes.list({ expires: 60, q: "Kona" });
    const kona = within(60).filter(
      (wo) => box(wo, Object.keys(EXPIRY).indexOf(wo)).project === "Kona Reservoir",
    );
    expect({ wos: wos(searched.rows), total: searched.total }).toEqual({ wos: kona, total: kona.length });
    // With "Expired only" nothing is both.
    expect((await user.coreBoxes.list({ expires: 30, expired: true })).total).toBe(0);
    // A page of 10 holds every box expiring within 90 days, and only those.
    const page = await user.coreBoxes.list({ expires: 90, page_size: 10, page: 1 });
    expect(wos(page.rows)).toEqual(within(90));
  });

  test("a value other than 30, 60 or 90 is a 400 saying which, at both doors; blank or All is no filter", async () => {
    for (const bad of ["45", "0", "-30", "abc", "30.5", "9".repeat(400)]) {
      const { status, body } = await rest(`expires=${bad}`);
      expect({ bad, status, error: body.error }).toEqual({
        bad,
        status: 400,
        error: `expires ${EXPIRES_MESSAGE}.`,
      });
      const viaTrpc = await trpcCall(t, cookie, "coreBoxes.list", { expires: bad });
      expect({ bad, status: viaTrpc.status }).toEqual({ bad, status: 400 });
      expect(viaTrpc.error?.message).toBe(`expires ${EXPIRES_MESSAGE}.`);
    }
    for (const none of ["", "all"]) expect((await rest(`expires=${none}`)).body.total).toBe(10);
  });

  test("the CSV export takes the filter too", async () => {
    const res = await t.request("/api/core-boxes/export.csv?expires=30", { cookie });
    const text = await res.text();
    for (const wo of Object.keys(EXPIRY))
      expect({ wo, in: text.includes(wo) }).toEqual({ wo, in: within(30).includes(wo) });
  });
});

describe("the dashboard's count", () => {
  test("boxes expiring within 30 days by default (60 and 90 when asked), for any signed-in person", async () => {
    const user = await callerAs(t, DEMO.user);
    expect(await user.coreBoxes.expiring({})).toEqual({ days: 30, until: day(30), count: within(30).length });
    expect((await user.coreBoxes.expiring({ days: 90 })).count).toBe(within(90).length);
    expect((await trpcCall(t, cookie, "coreBoxes.expiring", { days: 7 })).status).toBe(400);
    expect((await trpcCall(t, undefined, "coreBoxes.expiring", {})).status).toBe(401);
    expect(todayIso()).toBe(day(0));
  });

  test("the service lists those boxes soonest first, at most `limit`, for a caller without a session (a job)", async () => {
    const got = await expiringBoxes({ db: t.deps.db, now: () => new Date() }, { days: 60, limit: 2 });
    expect(got.count).toBe(within(60).length);
    expect(got.boxes.map((b) => [b.work_order, b.storage_expiry_date])).toEqual([
      ["8100-02", day(0)],
      ["8100-03", day(10)],
    ]);
  });
});
