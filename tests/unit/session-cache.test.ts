import { describe, expect, test } from "bun:test";
import { createSessionCache, SESSION_CACHE_MAX_AGE_MS, SESSION_CACHE_SIZE } from "@server/auth/session-cache";
import { localCounters } from "@server/db/change-counter";

const HOUR = 3_600_000;

function setup() {
  const changes = localCounters()(0);
  let clock = 1_000_000;
  const cache = createSessionCache<string>(changes, () => clock);
  const keep = (id: string, value: string, expiresAt = clock + HOUR) =>
    cache.store(id, { value, expiresAt, endOfLife: expiresAt + HOUR }, cache.mark());
  return { changes, cache, keep, tick: (ms: number) => (clock += ms) };
}

describe("session cache", () => {
  test("serves a looked-up session until accounts or sessions change anywhere", () => {
    const { changes, cache, keep } = setup();
    keep("a", "alice");
    expect(cache.get("a")?.value).toBe("alice");
    changes.bump(); // a sign-out, role change or removal was committed by some process
    expect(cache.get("a")).toBeUndefined();
  });

  test("does not keep a row read while a change was being committed", () => {
    const { changes, cache } = setup();
    const mark = cache.mark();
    changes.bump();
    cache.store(
      "a",
      { value: "stale", expiresAt: Date.now() + HOUR, endOfLife: Date.now() + 2 * HOUR },
      mark,
    );
    expect(cache.get("a")).toBeUndefined();
  });

  test("never serves an expired session, nor one kept longer than the maximum age", () => {
    const { cache, keep, tick } = setup();
    keep("short", "s", 1_000_000 + 1000);
    keep("long", "l");
    tick(1000);
    expect(cache.get("short")).toBeUndefined();
    expect(cache.get("long")?.value).toBe("l");
    tick(SESSION_CACHE_MAX_AGE_MS);
    expect(cache.get("long")).toBeUndefined();
  });

  test("keeps at most SESSION_CACHE_SIZE sessions, dropping the least recently used", () => {
    const { cache, keep } = setup();
    for (let i = 0; i <= SESSION_CACHE_SIZE; i++) keep(`s${i}`, `v${i}`);
    expect(cache.get("s0")).toBeUndefined();
    expect(cache.get(`s${SESSION_CACHE_SIZE}`)?.value).toBe(`v${SESSION_CACHE_SIZE}`);
  });
});
