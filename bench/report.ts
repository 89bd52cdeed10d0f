import { readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { type Figure, verdict } from "./lib";

/** The machine a run measured, written beside its figures (figures from different machines don't compare). */
export function machine() {
  let os: string = process.platform;
  try {
    os = readFileSync("/etc/os-release", "utf8").match(/^PRETTY_NAME="?([^"\n]+)/m)?.[1] ?? os;
  } catch {}
  return {
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    os,
    bun: Bun.version,
  };
}

export function formatValue(f: Figure) {
  return f.value >= 100 ? f.value.toFixed(0) : f.value < 10 ? f.value.toFixed(2) : f.value.toFixed(1);
}

const formatTarget = (f: Figure) =>
  Number.isFinite(f.target) ? `${f.better === "lower" ? "≤" : "≥"} ${f.target} ${f.unit}`.trim() : "–";

/** Every figure of a run as one table: suite, figure, target, measured, ok / MISS / info. */
export function formatTable(results: Record<string, Figure[]>): string {
  const rows = [["suite", "figure", "target", "measured", ""]];
  for (const [suite, figures] of Object.entries(results)) {
    for (const f of figures) {
      rows.push([suite, f.name, formatTarget(f), `${formatValue(f)} ${f.unit}`.trim(), verdict(f)]);
    }
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) =>
    r
      .map((v, c) => v.padEnd(widths[c]!))
      .join(" | ")
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("-|-"), ...rows.slice(1).map(line)].join(
    "\n",
  );
}

/**
 * How fast this machine runs plain JavaScript right now: the median time of a fixed CPU task (lower is faster).
 * The build VM's speed swings by half from hour to hour, so each suite records it beside its figures.
 */
export function speedIndexMs(): number {
  const times: number[] = [];
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now();
    let h = 0;
    const a = new Float64Array(1 << 16);
    for (let i = 0; i < 3_000_000; i++) {
      h = (h * 31 + i) | 0;
      a[i & 0xffff] = h;
    }
    JSON.parse(JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ i, s: `x${i}` }))));
    times.push(performance.now() - t0);
  }
  return times.sort((x, y) => x - y)[3]!;
}
