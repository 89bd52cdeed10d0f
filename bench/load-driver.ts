import { percentile } from "./lib";

/**
 * A closed-loop HTTP load driver: `connections` workers each send one request, wait for the answer, send the
 * next, for `seconds`. Latency, status and errors are kept per path; the server's RSS is sampled meanwhile.
 */
export interface LoadPath {
  name: string;
  /** A list path (p99 target applies) or a write. */
  kind: "list" | "write" | "read";
  request(worker: number, n: number): { url: string; init?: RequestInit; ok?: number };
}

export interface PathReport {
  name: string;
  kind: LoadPath["kind"];
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  firstError?: string;
}

export interface LoadRun {
  seconds: number;
  connections: number;
  paths: PathReport[];
  totalRps: number;
  errors: number;
  rss: { startMb: number; peakMb: number; endMb: number; growthMb: number };
}

export async function drive(
  paths: LoadPath[],
  opts: { seconds: number; connections: number; rssMb: () => number },
): Promise<LoadRun> {
  const samples = paths.map(() => [] as number[]);
  const errors = paths.map(() => 0);
  const firstError: (string | undefined)[] = paths.map(() => undefined);
  const rss: number[] = [opts.rssMb()];
  const sampler = setInterval(() => {
    try {
      rss.push(opts.rssMb());
    } catch {}
  }, 200);
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  let counter = 0;

  const worker = async (w: number) => {
    let i = w; // workers start on different paths, then rotate through all of them
    while (performance.now() < deadline) {
      const p = i++ % paths.length;
      const { url, init, ok = 200 } = paths[p]!.request(w, counter++);
      const t0 = performance.now();
      try {
        const res = await fetch(url, init);
        const body = await res.arrayBuffer();
        samples[p]!.push(performance.now() - t0);
        if (res.status !== ok) {
          errors[p]!++;
          firstError[p] ??= `HTTP ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`;
        }
      } catch (err) {
        errors[p]!++;
        firstError[p] ??= (err as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, (_, w) => worker(w)));
  clearInterval(sampler);
  rss.push(opts.rssMb());
  const elapsed = (performance.now() - started) / 1000;

  const reports = paths.map((p, i): PathReport => {
    const s = samples[i]!;
    return {
      name: p.name,
      kind: p.kind,
      requests: s.length,
      rps: s.length / elapsed,
      p50: s.length ? percentile(s, 50) : 0,
      p95: s.length ? percentile(s, 95) : 0,
      p99: s.length ? percentile(s, 99) : 0,
      errors: errors[i]!,
      firstError: firstError[i],
    };
  });
  // "Flat": the median of the last quarter of the run against the median of its first quarter.
  const q = Math.max(1, Math.floor(rss.length / 4));
  const median = (xs: number[]) => percentile(xs, 50);
  const startMb = median(rss.slice(0, q));
  const endMb = median(rss.slice(-q));
  return {
    seconds: elapsed,
    connections: opts.connections,
    paths: reports,
    totalRps: reports.reduce((a, r) => a + r.rps, 0),
    errors: reports.reduce((a, r) => a + r.errors, 0),
    rss: { startMb, peakMb: Math.max(...rss), endMb, growthMb: endMb - startMb },
  };
}

export function formatRun(run: LoadRun): string {
  const rows = [["path", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors"]];
  for (const p of run.paths) {
    rows.push([
      p.name,
      p.rps.toFixed(0),
      p.p50.toFixed(1),
      p.p95.toFixed(1),
      p.p99.toFixed(1),
      String(p.errors),
    ]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const lines = rows.map((r) =>
    r.map((v, c) => (c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join("  "),
  );
  for (const p of run.paths) if (p.firstError) lines.push(`${p.name}: first error ${p.firstError}`);
  lines.push(
    `${run.connections} connections, ${run.seconds.toFixed(1)} s: ${run.totalRps.toFixed(0)} req/s, ${run.errors} errors; ` +
      `server RSS ${run.rss.startMb.toFixed(0)} → ${run.rss.endMb.toFixed(0)} MB (peak ${run.rss.peakMb.toFixed(0)} MB)`,
  );
  return lines.join("\n");
}
