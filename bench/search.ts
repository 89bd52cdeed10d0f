import { join } from "node:path";
import { rounds } from "./archive";
import { SEARCH_WORDS } from "./archive-text";
import { benchPeople } from "./directory";
import { type Figure, percentile, ROOT, startServer } from "./lib";
import { registerLines, searchData } from "./search-data";

/**
 * `bun run bench search`: the one search (GET /api/search) and its suggestions as you type (tRPC
 * search.suggest) over HTTP at archive scale (search-data.ts), for a mix of whole and partial work orders,
 * client, place and people names, and report words; as an Admin (every ticket) and as a User (their own).
 * SEARCH_BENCH_SCALE (default 1) shrinks the data, e.g. 0.001 to check that the benchmark runs.
 */
export async function searchBench(): Promise<Figure[]> {
  const scale = Number(process.env.SEARCH_BENCH_SCALE ?? "1");
  if (!(scale > 0 && scale <= 1)) throw new Error("SEARCH_BENCH_SCALE must be a number in (0, 1].");
  const dir = process.env.SEARCH_BENCH_DIR ?? join(ROOT, `bench/.work/search-${scale}`);
  const { archive, counts } = await searchData(dir, scale);
  console.log(
    `  ${Object.entries(counts)
      .map(([k, n]) => `${n.toLocaleString()} ${k}`)
      .join(", ")}`,
  );
  const server = await startServer({
    DATABASE_URL: `file:${archive.dbFile}`,
    SEED_DEMO: "false",
    WEB_CONCURRENCY: "1",
  });
  try {
    const queries = queryMix(counts.register);
    const samples = { search: [] as number[], suggest: [] as number[] };
    for (const who of ["admin@geolabs.example", "user@geolabs.example"]) {
      const cookie = await server.login(who);
      const get = async (path: string) => {
        const t0 = performance.now();
        const res = await fetch(`${server.base}${path}`, { headers: { cookie } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        return performance.now() - t0;
      };
      const search = queries.map((q) => `/api/search?${new URLSearchParams({ q, limit: "5" })}`);
      const suggest = queries.flatMap(typed).map((q) => suggestPath(q));
      samples.search.push(...(await rounds(search, get)));
      samples.suggest.push(...(await rounds(suggest, get)));
    }
    const label = scale === 1 ? "archive scale" : `scale ${scale}`;
    console.log(
      `  ${label}: search p95 ${percentile(samples.search, 95).toFixed(1)} ms (p50 ${percentile(samples.search, 50).toFixed(1)}), suggest p95 ${percentile(samples.suggest, 95).toFixed(1)} ms (p50 ${percentile(samples.suggest, 50).toFixed(1)})`,
    );
    return [
      fig(`one search over HTTP, ${label}: p95`, percentile(samples.search, 95), 100),
      fig(`search suggestions over HTTP, ${label}: p95`, percentile(samples.suggest, 95), 50),
    ];
  } finally {
    await server.stop();
  }
}

const fig = (name: string, value: number, target: number): Figure => ({
  name,
  value,
  unit: "ms",
  target,
  better: "lower",
});

/** Whole and partial work orders, names (clients, places, people) and report words. */
function queryMix(registerCount: number): string[] {
  const lines = registerLines(registerCount);
  const some = [lines[7]!, lines[Math.floor(lines.length / 2)]!, lines.at(-3)!];
  const person = benchPeople(40)[17]!.name.split(" ");
  return [
    ...some.map((l) => l.workOrder),
    ...some.map((l) => l.workOrder.slice(0, 4)),
    ...some.map((l) => l.workOrder.slice(0, 2)),
    some[0]!.client.split(" ")[0]!,
    some[1]!.project,
    person[0]!,
    `${person[0]} ${person[1]}`,
    ...SEARCH_WORDS.common,
    ...SEARCH_WORDS.twoWords.slice(0, 3),
    ...SEARCH_WORDS.rare.slice(0, 3),
  ];
}

/** What a person has typed on the way to `q`: from 2 characters on, a few steps to the whole. */
function typed(q: string): string[] {
  const steps = new Set<string>();
  for (const n of [2, 3, 5, 8]) if (n < q.length) steps.add(q.slice(0, n));
  steps.add(q);
  return [...steps].filter((s) => s.trim().length >= 2);
}

const suggestPath = (q: string) =>
  `/trpc/search.suggest?input=${encodeURIComponent(JSON.stringify({ q, limit: 3 }))}`;
