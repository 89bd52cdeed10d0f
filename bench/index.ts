/**
 * `bun run bench`: measures each issue's speed targets against the real server and the real build, prints each
 * suite's lines as it goes and then one table of every figure, and writes bench/results.json (with the machine it
 * ran on). Exit code 1 when a figure misses its target.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { buildClient } from "../scripts/build";
import { clientIsStale } from "../scripts/client-freshness";
import { archiveBench } from "./archive";
import { askAiBench } from "./ask-ai";
import { coreBoxesBench } from "./core-boxes";
import { directoryBench } from "./directory";
import { RESULTS_FILE, type Results, writeBenchmarksDoc } from "./docs";
import { documentsBench } from "./documents";
import { foundationBench } from "./foundation";
import { hardeningBench } from "./hardening";
import { type Figure, passes, verdict } from "./lib";
import { loadBench } from "./load";
import { notificationsBench } from "./notifications";
import { ocrBench } from "./ocr";
import { formatTable, formatValue, machine, speedIndexMs } from "./report";
import { reportsBench } from "./reports";
import { reportsBinderBench } from "./reports-binder";
import { searchBench } from "./search";
import { storageBench } from "./storage";
import { ticketsBench } from "./tickets";
import { usersBench } from "./users";
import { workOrdersBench } from "./work-orders";

const suites: Record<string, () => Promise<Figure[]>> = {
  foundation: foundationBench,
  users: usersBench,
  storage: storageBench,
  ocr: ocrBench,
  tickets: ticketsBench,
  directory: directoryBench,
  "core-boxes": coreBoxesBench,
  "reports-binder": reportsBinderBench,
  "work-orders": workOrdersBench,
  documents: documentsBench,
  reports: reportsBench,
  "ask-ai": askAiBench,
  notifications: notificationsBench,
  load: loadBench,
  hardening: hardeningBench,
  // Thirty years of reports: only when asked for (`bun run bench archive`), its data alone is 6–7 GB.
  ...(process.argv[2] === "archive" ? { archive: archiveBench } : {}),
  // The one search at archive scale: only when asked for (`bun run bench search`; SEARCH_BENCH_SCALE shrinks it).
  ...(process.argv[2] === "search" ? { search: searchBench } : {}),
};

if (clientIsStale()) await buildClient();
const only = process.argv[2];
const results: Record<string, Figure[]> = {};
const speeds: Record<string, number> = {};
let failed = 0;
for (const [name, run] of Object.entries(suites)) {
  if (only && only !== name) continue;
  const speed = speedIndexMs();
  console.log(`\n## ${name} (machine speed index ${speed.toFixed(1)} ms, lower is faster)`);
  speeds[name] = Math.round(speed * 10) / 10;
  const figures = await run();
  results[name] = figures;
  for (const f of figures) {
    const ok = passes(f);
    if (!ok) failed++;
    const value = formatValue(f);
    const target = Number.isFinite(f.target)
      ? ` (target ${f.better === "lower" ? "≤" : "≥"} ${f.target})`
      : "";
    console.log(`${verdict(f).padEnd(4)}  ${f.name}: ${value} ${f.unit}${target}`);
  }
}
console.log(`\n## All figures of this run (${failed} missed)\n`);
console.log(formatTable(results));
// Running one suite keeps the other suites' last figures.
let previous: Partial<Results> = {};
try {
  previous = JSON.parse(readFileSync(RESULTS_FILE, "utf8")) as Partial<Results>;
} catch {}
const at = new Date().toISOString();
const runs = { ...previous.runs };
for (const suite of Object.keys(results)) runs[suite] = { at, speedIndexMs: speeds[suite]! };
const all: Results = { machine: machine(), runs, results: { ...previous.results, ...results } };
writeFileSync(RESULTS_FILE, `${JSON.stringify(all, null, 2)}\n`);
writeBenchmarksDoc(all);
process.exit(failed ? 1 : 0);
