import { describe, expect, test } from "bun:test";
import { BoundedMap } from "@server/lib/bounded-map";

describe("BoundedMap", () => {
  test("keeps at most its bound, dropping the least recently used", () => {
    const m = new BoundedMap<string, number>(3);
    m.set("a", 1).set("b", 2).set("c", 3);
    expect(m.get("a")).toBe(1); // a is now the most recent
    m.set("d", 4);
    expect(m.size).toBe(3);
    expect(m.get("b")).toBeUndefined();
    expect([m.get("a"), m.get("c"), m.get("d")]).toEqual([1, 3, 4]);
    for (let i = 0; i < 10_000; i++) m.set(`k${i}`, i);
    expect(m.size).toBe(3);
  });
});
