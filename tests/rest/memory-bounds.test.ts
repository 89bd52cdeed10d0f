import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer } from "../../bench/lib";

/** Whatever a request sends, the server's memory stays bounded: nothing keyed by request data grows without end. */
let s: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  s = await startServer({ SEED_DEMO: "false" });
}, 60_000);
afterAll(async () => {
  await s?.stop();
});

describe("memory keyed by request data", () => {
  test("20,000 GETs of unique 8,000-character unknown paths, signed out, grow the server by under 32 MB", async () => {
    const tail = "x".repeat(8000);
    const get = (i: number) => fetch(`${s.base}/${i}-${tail}`).then((r) => r.arrayBuffer());
    // Warm: the first requests load code and fill caches that are bounded anyway.
    for (let i = 0; i < 500; i++) await get(-i - 1);
    const before = s.servingRssMb();
    let next = 0;
    const worker = async () => {
      while (next < 20_000) await get(next++);
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    // Garbage is collected a moment later (a flood briefly lifts the heap either way): what stays is what counts.
    let grew = s.servingRssMb() - before;
    for (let waited = 0; grew >= 32 && waited < 15_000; waited += 250) {
      await Bun.sleep(250);
      grew = s.servingRssMb() - before;
    }
    expect(grew).toBeLessThan(32);
    expect((await fetch(`${s.base}/api/health`)).status).toBe(200);
  }, 120_000);
});
