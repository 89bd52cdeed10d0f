import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Figure } from "./lib";
import { formatTable } from "./report";

export const RESULTS_FILE = join(import.meta.dir, "results.json");
const DOC = join(import.meta.dir, "../docs/benchmarks.md");
/** Accuracy on the held-out sets, written by hand after `bun run eval` / `eval:ocr` (they take an hour together). */
const QUALITY = join(import.meta.dir, "quality.md");

export interface Results {
  machine: { cpu: string; cores: number; memoryGb: number; os: string; bun: string };
  /** When each suite last ran, and how fast the machine was then. */
  runs: Record<string, { at: string; speedIndexMs: number | null }>;
  results: Record<string, Figure[]>;
}

/** docs/benchmarks.md: the latest figure of every suite, with what it ran on (history lives in git). */
export function writeBenchmarksDoc(r: Results = JSON.parse(readFileSync(RESULTS_FILE, "utf8")) as Results) {
  const m = r.machine;
  const runs = Object.entries(r.runs ?? {})
    .map(([suite, run]) => {
      const speed = run.speedIndexMs === null ? "–" : `${run.speedIndexMs} ms`;
      return `| ${suite} | ${run.at.slice(0, 16).replace("T", " ")} UTC | ${speed} |`;
    })
    .join("\n");
  const text = `# Benchmarks

\`bun run bench\` runs every suite against the real server (or the real services) on temporary data
directories, prints each suite's figures and one table of all of them, writes \`bench/results.json\` and this file.
\`bun run bench <suite>\` runs one suite and keeps the others' last figures. Each issue's speed targets are here;
earlier runs are in git history.

Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Bun ${m.bun}. This VM's speed moves by half from
hour to hour; the speed index (the median time of a fixed CPU task, lower is faster) is recorded with each suite,
so compare figures of one run. \`BENCH_BUN_ARGS\` passes flags to the server's \`bun\` (e.g.
\`--cpu-prof-md --cpu-prof-dir=/tmp/prof\`) to profile a suite.

| suite | last run | speed index |
| ----- | -------- | ----------- |
${runs}

## Figures

${formatTable(r.results)}
${existsSync(QUALITY) ? `\n${readFileSync(QUALITY, "utf8")}` : ""}`;
  writeFileSync(DOC, text);
}

if (import.meta.main) writeBenchmarksDoc();
