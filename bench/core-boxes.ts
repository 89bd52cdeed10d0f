/**
 * Core boxes at 200,000 rows (issue 4): every combination of filters and sorts < 15 ms p95 on the server,
 * /years and /islands < 5 ms. The list is timed in the service (what the server spends) and over HTTP on
 * loopback against the real server (auth, JSON and all).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listCoreBoxes } from "../src/server/domains/core-boxes/queries";
import { type CoreBoxListInput, coreBoxListInput, SORT_COLUMNS } from "../src/shared/core-boxes";
import { loadBoxes } from "./core-boxes-load";
import { type Figure, percentile, startServer, timeIt } from "./lib";

const COUNT = Number(process.env.BENCH_CORE_BOXES ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function filterSets(now: Date): Record<string, unknown>[] {
  const y = now.getFullYear();
  return [
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
    { q: "1234" },
    { q: "Kailua" },
    { q: "kai" },
    { q: "GS" },
    { q: "k" },
    { q: "Residence" },
    { q: "Hilo water" },
    { q: "'; DROP TABLE core_boxes; --" },
    { q: "Kailua", complete: "Yes" },
    { q: "GS", island: "Oahu", expired: 1 },
    { q: "Residence", year: y - 10 },
    { q: "wall", keep_or_dump: "Dump", expired: 1 },
  ];
}

export async function coreBoxesBench(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), "geolabs-bench-boxes-"));
  const url = `file:${join(dir, "portal.db")}`;
  const now = new Date();
  try {
    const loaded = await loadBoxes(url, COUNT, now);
    console.log(`loaded ${COUNT} boxes in ${(loaded.totalMs / 1000).toFixed(1)} s`);
    const { db } = loaded.database;

    const combos: { label: string; input: CoreBoxListInput; query: string }[] = [];
    for (const f of filterSets(now)) {
      for (const sort_by of SORT_COLUMNS) {
        for (const sort_dir of ["asc", "desc"] as const) {
          for (const page of [1, 2]) {
            const raw = { ...f, sort_by, sort_dir, page, page_size: page === 1 ? 25 : 100 };
            const query = new URLSearchParams(Object.entries(raw).map(([k, v]) => [k, String(v)])).toString();
            combos.push({ label: query, input: coreBoxListInput.parse(raw), query });
          }
        }
      }
    }
    const all: number[] = [];
    const perCombo: { label: string; p95: number }[] = [];
    for (const c of combos) {
      await listCoreBoxes(db, c.input, now);
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await listCoreBoxes(db, c.input, now);
        samples.push(performance.now() - t0);
      }
      all.push(...samples);
      perCombo.push({ label: c.label, p95: percentile(samples, 95) });
    }
    perCombo.sort((a, b) => b.p95 - a.p95);
    console.log("slowest combinations (service p95):");
    for (const c of perCombo.slice(0, 8))
      console.log(`  ${c.p95.toFixed(1)} ms  ${decodeURIComponent(c.label)}`);
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
      return [
        {
          name: `load ${COUNT} boxes (bulk insert + indexes + search)`,
          value: loaded.totalMs / 1000,
          unit: "s",
          target: 120,
          better: "lower",
        },
        {
          name: `list, ${combos.length} filter/sort/page combinations: p95 of all (service)`,
          value: percentile(all, 95),
          unit: "ms",
          target: 15,
          better: "lower",
        },
        {
          name: "list: slowest combination's p95 (service)",
          value: perCombo[0]!.p95,
          unit: "ms",
          target: 15,
          better: "lower",
        },
        {
          name: "list over HTTP (loopback): p95 of all combinations",
          value: percentile(http, 95),
          unit: "ms",
          target: 15,
          better: "lower",
        },
        { name: "GET /api/core-boxes/years p95", value: years.p95, unit: "ms", target: 5, better: "lower" },
        {
          name: "GET /api/core-boxes/islands p95",
          value: islands.p95,
          unit: "ms",
          target: 5,
          better: "lower",
        },
        {
          name: `export.csv of all ${exported} boxes`,
          value: exportMs / 1000,
          unit: "s",
          target: 15,
          better: "lower",
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
