import { describe, expect, test } from "bun:test";
import { formatTable, machine, speedIndexMs } from "../../bench/report";

describe("the benchmark report", () => {
  test("one table: a row per figure with its target, value and whether it passed", () => {
    const table = formatTable({
      "core-boxes": [
        { name: "list p95", value: 4.236, unit: "ms", target: 15, better: "lower" },
        { name: "slowest median", value: 18.9, unit: "ms", target: 15, better: "lower" },
      ],
      load: [
        { name: "requests/s", value: 1318.4, unit: "req/s", target: 0, better: "higher" },
        { name: "peak RSS", value: 505, unit: "MB", target: Number.POSITIVE_INFINITY, better: "lower" },
        // A figure without a target, as results.json stores it (JSON has no Infinity): shown for context.
        { name: "native CLI", value: 334, unit: "ms", target: null as unknown as number, better: "lower" },
      ],
    });
    const lines = table.split("\n");
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^suite +\| figure +\| target +\| measured +\|$/);
    expect(lines[2]).toMatch(/^core-boxes \| list p95 +\| ≤ 15 ms +\| 4\.24 ms +\| ok$/);
    expect(lines[3]).toMatch(/slowest median +\| ≤ 15 ms +\| 18\.9 ms +\| MISS$/);
    expect(lines[4]).toMatch(/requests\/s +\| ≥ 0 req\/s +\| 1318 req\/s +\| ok$/);
    expect(lines[5]).toMatch(/peak RSS +\| – +\| 505 MB +\| info$/);
    expect(lines[6]).toMatch(/native CLI +\| – +\| 334 ms +\| info$/);
  });
  test("the machine is named in the results", () => {
    const m = machine();
    expect(m.cores).toBeGreaterThan(0);
    expect(m.memoryGb).toBeGreaterThan(0);
    expect(m.bun).toBe(Bun.version);
    expect(m.cpu.length).toBeGreaterThan(0);
  });
  test("the speed index times a fixed task in milliseconds", () => {
    const ms = speedIndexMs();
    expect(ms).toBeGreaterThan(0.5);
    expect(ms).toBeLessThan(5_000);
  });
});
