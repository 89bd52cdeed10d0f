/**
 * Core boxes at 200,000 rows (issue 4): every combination of filters and sorts < 15 ms p95 on the server,
 * /years and /islands < 5 ms. The list is timed in the service (what the server spends) and over HTTP on
 * loopback against the real server (auth, JSON and all).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listCoreBoxes } from "../src/server/domains/core-boxes/list";
import { type CoreBoxListInput, coreBoxListInput, SORT_COLUMNS } from "../src/shared/core-boxes";
import { loadBoxes } from "./core-boxes-load";
import { type Figure, percentile, startServer, timeIt } from "./lib";

const COUNT = Number(process.env.BENCH_CORE_BOXES ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

/** Filter sets by kind: the screen's filters alone, searches for one thing, and broad searches. */
function filterSets(now: Date): Record<"filters" | "search" | "broad search", Record<string, unknown>[]> {
  const y = now.getFullYear();
  return {
    filters: [
      {},
      { expired: 1 },
      { island: "Oahu" },
      { island: "Lanai" },
      { year: y },
      { year: y - 15 },
      { complete: "Yes" },
      { complete: "No" },
      { keep_or_dump: "Keep" },
      { keep_or_dump: "Dump" },
      { keep_or_dump: "Save" },
      { complete: "Yes", keep_or_dump: "Keep" },
      { complete: "No", expired: 1 },
      { island: "Oahu", complete: "Yes" },
      { island: "Maui", year: y - 3, keep_or_dump: "Dump" },
      { island: "Molokai", year: y - 1, complete: "No", keep_or_dump: "Save", expired: 1 },
      { year: y - 2, expired: 1 },
      { keep_or_dump: "Dump", expired: 1 },
      { island: "Kauai", expired: 1 },
    ],
    // A work order, a place, a project and place, words of a project; with filters.
    search: [
      { q: "1234" },
      { q: "0091-53" },
      { q: "Kailua" },
      { q: "Hilo water" },
      { q: "Lahaina bridge" },
      { q: "'; DROP TABLE core_boxes; --" },
      { q: "Kailua", complete: "Yes" },
      { q: "Waimea", island: "Kauai", expired: 1 },
      { q: "wall", keep_or_dump: "Dump", expired: 1 },
    ],
    // Two letters (the least a search takes), or one engineer's initials: thousands to tens of thousands of hits.
    "broad search": [
      { q: "ka" },
      { q: "kai" },
      { q: "GS" },
      { q: "Residence" },
      { q: "GS", island: "Oahu", expired: 1 },
    ],
  };
}

export async function coreBoxesBench(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "geolabs-bench-boxes-"));
  const url = `file:${join(dir, "portal.db")}`;
  const now = new Date();
  try {
    const loaded = await loadBoxes(url, COUNT, now);
    console.log(`loaded ${COUNT} boxes in ${(loaded.totalMs / 1000).toFixed(1)} s`);
    const { db } = loaded.database;

    type Combo = { kind: string; label: string; input: CoreBoxListInput; query: string };
    const combos: Combo[] = [];
    for (const [kind, sets] of Object.entries(filterSets(now))) {
      for (const f of sets) {
        for (const sort_by of SORT_COLUMNS) {
          for (const sort_dir of ["asc", "desc"] as const) {
            for (const page of [1, 2]) {
              const raw = { ...f, sort_by, sort_dir, page, page_size: page === 1 ? 25 : 100 };
              const query = new URLSearchParams(
                Object.entries(raw).map(([k, v]) => [k, String(v)]),
              ).toString();
              combos.push({ kind, label: query, input: coreBoxListInput.parse(raw), query });
            }
          }
        }
      }
    }
    // Wall time, and the process's CPU time (what the query costs the server when no other work competes for
    // the two cores: other agents' test runs share this machine). The runs go in rounds, every combination once
    // per round, so a slow stretch of the shared VM (a second or two) costs many combinations one run each
    // instead of one combination all its runs: a combination's median is then its own, not the stretch's.
    const times = combos.map(() => [] as number[]);
    const cpuTimes = combos.map(() => [] as number[]);
    for (const c of combos) await listCoreBoxes(db, c.input, now);
    for (let round = 0; round < RUNS; round++) {
      for (const [i, c] of combos.entries()) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await listCoreBoxes(db, c.input, now);
        times[i]!.push(performance.now() - t0);
        const used = process.cpuUsage(c0);
        cpuTimes[i]!.push((used.user + used.system) / 1000);
      }
    }
    const samples: Record<string, number[]> = {};
    const cpuSamples: Record<string, number[]> = {};
    const perCombo: { kind: string; label: string; median: number }[] = [];
    for (const [i, c] of combos.entries()) {
      samples[c.kind] = [...(samples[c.kind] ?? []), ...times[i]!];
      cpuSamples[c.kind] = [...(cpuSamples[c.kind] ?? []), ...cpuTimes[i]!];
      perCombo.push({ kind: c.kind, label: c.label, median: percentile(times[i]!, 50) });
    }
    perCombo.sort((a, b) => b.median - a.median);
    for (const kind of Object.keys(samples)) {
      console.log(`slowest combinations, ${kind} (service, median of ${RUNS}):`);
      for (const c of perCombo.filter((p) => p.kind === kind).slice(0, 5)) {
        console.log(`  ${c.median.toFixed(1)} ms  ${decodeURIComponent(c.label)}`);
      }
    }
    loaded.database.close();

    // The real server on the same database, over loopback HTTP.
    const server = await startServer({ DATABASE_URL: url });
    try {
      const cookie = await server.login("user@geolabs.example");
      const get = (path: string) =>
        fetch(`${server.base}${path}`, { headers: { cookie } }).then((r) => r.text());
      const http: number[] = [];
      for (const c of combos) {
        await get(`/api/core-boxes?${c.query}`);
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          await get(`/api/core-boxes?${c.query}`);
          http.push(performance.now() - t0);
        }
      }
      const years = await timeIt(300, () => get("/api/core-boxes/years"));
      const islands = await timeIt(300, () => get("/api/core-boxes/islands"));
      const t0 = performance.now();
      const csv = await get("/api/core-boxes/export.csv");
      const exportMs = performance.now() - t0;
      const exported = csv.split("\r\n").length - 2;
      console.log(`export.csv: ${exported} rows, ${(csv.length / 1e6).toFixed(1)} MB`);
      const kinds = Object.keys(samples);
      const slowest = (kind: string) => perCombo.find((p) => p.kind === kind)!.median;
      const figure = (name: string, value: number, target: number, unit = "ms"): Figure => ({
        name,
        value,
        unit,
        target,
        better: "lower",
      });
      return [
        figure(`load ${COUNT} boxes (bulk insert + indexes + search)`, loaded.totalMs / 1000, 120, "s"),
        // Issue 30's targets: filters and sorts p95 ≤ 15 ms, searches p95 ≤ 25 ms, no combination's median over 50.
        ...kinds.flatMap((kind) => {
          const p95Target = kind === "filters" ? 15 : 25;
          return [
            figure(
              `list, ${kind}: p95 of ${perCombo.filter((p) => p.kind === kind).length} combinations × ${RUNS} (service)`,
              percentile(samples[kind]!, 95),
              p95Target,
            ),
            figure(`list, ${kind}: p95 CPU time (service)`, percentile(cpuSamples[kind]!, 95), p95Target),
            figure(`list, ${kind}: slowest combination's median (service)`, slowest(kind), 50),
          ];
        }),
        figure(
          `list over HTTP (loopback): p95 of all ${combos.length} combinations`,
          percentile(http, 95),
          25,
        ),
        figure("GET /api/core-boxes/years p95 (HTTP)", years.p95, 5),
        figure("GET /api/core-boxes/islands p95 (HTTP)", islands.p95, 5),
        figure(`export.csv of all ${exported} boxes`, exportMs / 1000, 15, "s"),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
