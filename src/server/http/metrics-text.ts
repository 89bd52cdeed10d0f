/** The Prometheus text exposition (0.0.4) of the request metrics (metrics.ts). */

export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Series {
  method: string;
  route: string;
  status: string;
  count: number;
  sum: number;
  buckets: number[];
}

/** One process's figures, as sent to the other processes of the same instance. */
export interface MetricsSnapshot {
  series: Series[];
  unhandled: number;
  rss: number;
  heapUsed: number;
  startedAt: number;
}

const escapeLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const labels = (pairs: Record<string, string>) =>
  `{${Object.entries(pairs)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(",")}}`;

/**
 * The text exposition of an instance's figures (`mine`: this process's merged with the others'); `jobs` are counts
 * by status when a jobs table exists.
 */
export function renderMetrics(
  mine: MetricsSnapshot,
  processes: number,
  jobs: Record<string, number> | null,
): string {
  const out: string[] = [];
  const all = mine.series.sort((a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method));
  out.push(
    "# HELP portal_http_requests_total HTTP requests answered, by method, route pattern and status class.",
  );
  out.push("# TYPE portal_http_requests_total counter");
  for (const s of all) out.push(`portal_http_requests_total${labels(base(s))} ${s.count}`);
  out.push(
    "# HELP portal_http_request_duration_seconds Time to answer, by method, route pattern and status class.",
  );
  out.push("# TYPE portal_http_request_duration_seconds histogram");
  for (const s of all) {
    LATENCY_BUCKETS.forEach((le, i) => {
      out.push(
        `portal_http_request_duration_seconds_bucket${labels({ ...base(s), le: String(le) })} ${s.buckets[i]}`,
      );
    });
    out.push(`portal_http_request_duration_seconds_bucket${labels({ ...base(s), le: "+Inf" })} ${s.count}`);
    out.push(`portal_http_request_duration_seconds_sum${labels(base(s))} ${s.sum.toFixed(6)}`);
    out.push(`portal_http_request_duration_seconds_count${labels(base(s))} ${s.count}`);
  }
  out.push("# HELP portal_http_server_errors_total Requests answered with a 5xx status, by route pattern.");
  out.push("# TYPE portal_http_server_errors_total counter");
  for (const s of all.filter((x) => x.status === "5xx")) {
    out.push(`portal_http_server_errors_total${labels({ method: s.method, route: s.route })} ${s.count}`);
  }
  out.push(
    "# HELP portal_unhandled_errors_total Errors that reached the generic 500 handler (a bug or an outage).",
  );
  out.push("# TYPE portal_unhandled_errors_total counter");
  out.push(`portal_unhandled_errors_total ${mine.unhandled}`);
  const of = processes > 1 ? `this instance's ${processes} processes` : "this process";
  gauge(out, "process_resident_memory_bytes", `Resident memory of ${of}.`, mine.rss);
  gauge(out, "process_heap_used_bytes", `JavaScript heap in use in ${of}.`, mine.heapUsed);
  gauge(
    out,
    "process_start_time_seconds",
    "When this instance started (Unix seconds).",
    mine.startedAt / 1000,
  );
  if (jobs) {
    out.push("# HELP portal_jobs Background jobs in the database, by status.");
    out.push("# TYPE portal_jobs gauge");
    for (const [status, n] of Object.entries(jobs)) out.push(`portal_jobs${labels({ status })} ${n}`);
  }
  return `${out.join("\n")}\n`;
}

const base = (s: Series) => ({ method: s.method, route: s.route, status: s.status });

function gauge(out: string[], name: string, help: string, value: number) {
  out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${Math.round(value * 1000) / 1000}`);
}
