import { expect, test } from "bun:test";
import { formatReport, loadFigures, runLoad, SHORT } from "../../bench/load";
import { sayWhySkipped } from "../helpers/platform";
import { SQLD_PLATFORM, startSqld } from "../helpers/sqld";

/**
 * The load script's short mode (a few seconds against a real server, with one process and with two), so the full
 * `bun run bench load` cannot rot. Latency is not asserted here (the CI machine is shared); errors are: every
 * path must answer correctly under load, in both setups.
 */
test("bench/load.ts short mode: every path answers with 1 and 2 processes, no errors, figures for the report", async () => {
  const reports = await runLoad({ ...SHORT, connections: 8 });
  expect(reports.map((r) => r.processes)).toEqual([1, 2]);
  for (const run of reports) {
    const table = formatReport(run);
    expect(run.errors, table).toBe(0);
    expect(run.paths.map((p) => p.name)).toEqual([
      "dashboard.kpis (tRPC)",
      "GET /api/core-boxes (filters)",
      "GET /api/reports-binder (filters)",
      "GET /api/s3/files",
      "POST /api/question (built-in model)",
      "POST /api/core-boxes",
    ]);
    for (const p of run.paths) {
      expect(p.requests, `${p.name} got no requests`).toBeGreaterThan(0);
      expect(p.p99).toBeGreaterThanOrEqual(p.p50);
    }
    expect(run.rss.peakMb).toBeGreaterThan(20);
    expect(run.serverCores).toBeGreaterThan(0);
    // Each cost path alone, and the bare server returning its bytes: both answered, a ratio to report.
    expect(run.costs.map((c) => c.name)).toEqual([
      "GET /api/core-boxes (page of 25)",
      "coreBoxes.list (tRPC, page of 25)",
      "GET /api/core-boxes/years (signed in)",
    ]);
    for (const c of run.costs) {
      expect(c.errors, c.name).toBe(0);
      expect(c.rps, c.name).toBeGreaterThan(0);
      expect(c.bareRps, c.name).toBeGreaterThan(0);
      expect(c.bytes, c.name).toBeGreaterThan(c.name.includes("years") ? 10 : 5000);
    }
  }
  const figures = loadFigures(reports);
  expect(figures.filter((f) => f.unit === "×").map((f) => f.target)).toEqual([
    0.08, 0.08, 0.35, 0.08, 0.08, 0.35,
  ]);
  expect(figures.filter((f) => f.name.endsWith("errors, all paths")).map((f) => f.value)).toEqual([0, 0]);
  // The list paths carry the p99 target, per run: 100 ms on one process, 50 ms on two.
  expect(figures.filter((f) => f.unit === "ms" && f.target === 100).map((f) => f.name.slice(0, 17))).toEqual(
    Array(3).fill("WEB_CONCURRENCY=1"),
  );
  expect(figures.filter((f) => f.unit === "ms" && f.target === 50).map((f) => f.name.slice(0, 17))).toEqual(
    Array(3).fill("WEB_CONCURRENCY=2"),
  );
}, 180_000);

sayWhySkipped(SQLD_PLATFORM, "the load paths against a libSQL server", "sqld ships for Linux x64 only");
test.skipIf(!SQLD_PLATFORM)(
  "the same paths against a libSQL server (sqld, DATABASE_URL=http://…): every one answers, no errors",
  async () => {
    const sqld = await startSqld();
    try {
      const [run] = await runLoad({
        ...SHORT,
        connections: 8,
        processes: [1],
        costSeconds: 0,
        env: { DATABASE_URL: sqld.url },
      });
      expect(run!.errors, formatReport(run!)).toBe(0);
      for (const p of run!.paths) expect(p.requests, `${p.name} got no requests`).toBeGreaterThan(0);
    } finally {
      await sqld.close();
    }
  },
  120_000,
);
