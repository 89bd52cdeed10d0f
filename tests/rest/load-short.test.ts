import { expect, test } from "bun:test";
import { loadFigures, runLoad, SHORT } from "../../bench/load";
import { formatRun } from "../../bench/load-driver";

/**
 * The load script's short mode (a few seconds against a real server), so the full `bun run bench load` cannot rot.
 * Latency is not asserted here (the CI machine is shared); errors are: every path must answer correctly under load.
 */
test("bench/load.ts short mode: every path answers, no errors, figures for the report", async () => {
  const run = await runLoad({ ...SHORT, connections: 8 });
  const table = formatRun(run);
  expect(run.errors, table).toBe(0);
  expect(run.paths.map((p) => p.name)).toEqual([
    "dashboard.kpis (tRPC)",
    "GET /api/core-boxes (filters)",
    "GET /api/reports-binder (filters)",
    "GET /api/s3/files",
    "POST /api/core-boxes",
  ]);
  for (const p of run.paths) {
    expect(p.requests, `${p.name} got no requests`).toBeGreaterThan(0);
    expect(p.p99).toBeGreaterThanOrEqual(p.p50);
  }
  expect(run.rss.peakMb).toBeGreaterThan(20);
  const figures = loadFigures(run);
  expect(figures.find((f) => f.name === "errors, all paths")?.value).toBe(0);
  expect(figures.filter((f) => f.target === 100)).toHaveLength(3); // the list paths carry the p99 target
}, 90_000);
