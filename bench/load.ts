/**
 * Load (issue 12): the main read and write paths under 64 concurrent connections for 30 s against a real server
 * on a fresh demo database. `bun run bench load` (full run), `bun run bench/load.ts --short` (3 s, CI smoke),
 * or LOAD_SECONDS / LOAD_CONNECTIONS to change either. Chat questions join once the Ask AI (issue 8) exists.
 */
import { BINDER_SORTS } from "../src/shared/reports-binder";
import { type Figure, startServer } from "./lib";
import { drive, formatRun, type LoadPath, type LoadRun } from "./load-driver";

export interface LoadOptions {
  seconds: number;
  connections: number;
  /** PDFs placed in the store first, so the file listing has something to list. */
  files: number;
}

export const FULL: LoadOptions = { seconds: 30, connections: 64, files: 500 };
export const SHORT: LoadOptions = { seconds: 3, connections: 16, files: 20 };

const ISLANDS = ["Oahu", "Maui", "Hawaii", "Kauai", "all"];
const YEARS = ["2019", "2021", "2023", "2025", "all"];
const BOX_SORTS = ["report_submission_date", "work_order", "island", "year"];
const pick = <T>(xs: readonly T[], n: number) => xs[n % xs.length]!;

function paths(base: string, cookie: string, run: string): LoadPath[] {
  const headers = { cookie };
  return [
    {
      name: "dashboard.kpis (tRPC)",
      kind: "read",
      request: () => ({ url: `${base}/trpc/dashboard.kpis`, init: { headers } }),
    },
    {
      name: "GET /api/core-boxes (filters)",
      kind: "list",
      request: (_, n) => ({
        url: `${base}/api/core-boxes?island=${pick(ISLANDS, n)}&year=${pick(YEARS, n >> 2)}&sort_by=${pick(BOX_SORTS, n >> 4)}&page=${(n % 3) + 1}${n % 5 === 0 ? "&q=ma" : ""}`,
        init: { headers },
      }),
    },
    {
      name: "GET /api/reports-binder (filters)",
      kind: "list",
      request: (_, n) => ({
        url: `${base}/api/reports-binder/?sort_by=${pick(BINDER_SORTS, n)}&billing_only=${n % 2}${n % 3 === 0 ? "&eng=GS" : ""}${n % 7 === 0 ? "&date_from=2020-01-01" : ""}`,
        init: { headers },
      }),
    },
    {
      name: "GET /api/s3/files",
      kind: "list",
      request: () => ({ url: `${base}/api/s3/files`, init: { headers } }),
    },
    {
      name: "POST /api/core-boxes",
      kind: "write",
      request: (w, n) => ({
        url: `${base}/api/core-boxes`,
        ok: 201,
        init: {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({
            work_order: `L${run}-${w}-${n}`,
            project: "Load test",
            island: pick(ISLANDS, n),
          }),
        },
      }),
    },
  ];
}

async function seedFiles(base: string, cookie: string, count: number) {
  const pdf = new TextEncoder().encode(`%PDF-1.4\n${"x".repeat(2000)}\n%%EOF\n`);
  for (let i = 0; i < count; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
        const form = new FormData();
        form.set("db_name", `load_${(i + j) % 5}.db`);
        form.set("prefix", "");
        form.set("file", new File([pdf], `report-${i + j}.pdf`));
        const res = await fetch(`${base}/api/s3/upload`, { method: "POST", headers: { cookie }, body: form });
        if (!res.ok) throw new Error(`seeding files failed: ${res.status} ${await res.text()}`);
      }),
    );
  }
}

/** Start a server on a fresh demo database, fill the store, warm up, then drive the paths. */
export async function runLoad(opts: LoadOptions): Promise<LoadRun> {
  const server = await startServer();
  try {
    const owner = await server.login("owner@geolabs.example");
    await seedFiles(server.base, owner, opts.files);
    const cookie = await server.login("user@geolabs.example");
    const run = Date.now().toString(36);
    const warmUp = { seconds: Math.min(2, opts.seconds / 3), connections: 4, rssMb: server.rssMb };
    await drive(paths(server.base, cookie, `${run}W`), warmUp);
    return await drive(paths(server.base, cookie, run), { ...opts, rssMb: server.rssMb });
  } finally {
    await server.stop();
  }
}

export function loadFigures(run: LoadRun): Figure[] {
  const figures: Figure[] = [];
  for (const p of run.paths) {
    figures.push({
      name: `${p.name}: p99 (p50 ${p.p50.toFixed(1)} / p95 ${p.p95.toFixed(1)} ms, ${p.rps.toFixed(0)} req/s)`,
      value: p.p99,
      unit: "ms",
      target: p.kind === "list" ? 100 : Number.POSITIVE_INFINITY,
      better: "lower",
    });
  }
  figures.push(
    {
      name: `requests/s, all paths (${run.connections} connections)`,
      value: run.totalRps,
      unit: "req/s",
      target: 0,
      better: "higher",
    },
    { name: "errors, all paths", value: run.errors, unit: "", target: 0, better: "lower" },
    {
      name: "server peak RSS",
      value: run.rss.peakMb,
      unit: "MB",
      target: Number.POSITIVE_INFINITY,
      better: "lower",
    },
    {
      name: "server RSS growth, first to last quarter",
      value: run.rss.growthMb,
      unit: "MB",
      target: 50,
      better: "lower",
    },
  );
  return figures;
}

function options(argv: string[], env: Record<string, string | undefined>): LoadOptions {
  const base = argv.includes("--short") || env.LOAD_SHORT === "1" ? SHORT : FULL;
  return {
    ...base,
    seconds: Number(env.LOAD_SECONDS) || base.seconds,
    connections: Number(env.LOAD_CONNECTIONS) || base.connections,
  };
}

/** The `load` suite of `bun run bench`. */
export async function loadBench(): Promise<Figure[]> {
  const run = await runLoad(options(process.argv, process.env));
  console.log(formatRun(run));
  return loadFigures(run);
}

if (import.meta.main) {
  const run = await runLoad(options(process.argv, process.env));
  console.log(formatRun(run));
  process.exit(run.errors ? 1 : 0);
}
