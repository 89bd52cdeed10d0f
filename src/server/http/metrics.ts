/**
 * Request metrics kept in memory per process, rendered in the Prometheus text exposition format (0.0.4) by
 * GET /api/metrics. Labels are route patterns ("/api/core-boxes/:id", "/trpc/coreBoxes.list"), never raw paths,
 * so a scanner probing random URLs cannot grow the series without bound. With several instances, scrape each.
 * With WEB_CONCURRENCY the processes of one instance share snapshots (cluster.ts), so whichever process answers
 * reports the whole instance (the others' figures up to two seconds old).
 */

import { BoundedMap } from "../lib/bounded-map";
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
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

/** Paths whose route pattern is remembered (metrics labels). */
const ROUTE_CACHE_SIZE = 1000;
const seriesKey = (s: Pick<Series, "method" | "route" | "status">) => `${s.method} ${s.route} ${s.status}`;

/** Sum two snapshots (counters and memory add up; the instance started with its first process). */
export function mergeSnapshots(a: MetricsSnapshot, b: MetricsSnapshot): MetricsSnapshot {
  const series = new Map<string, Series>();
  for (const s of [...a.series, ...b.series]) {
    const k = seriesKey(s);
    const known = series.get(k);
    if (!known) series.set(k, { ...s, buckets: [...s.buckets] });
    else {
      known.count += s.count;
      known.sum += s.sum;
      s.buckets.forEach((n, i) => {
        known.buckets[i] = (known.buckets[i] ?? 0) + n;
      });
    }
  }
  return {
    series: [...series.values()],
    unhandled: a.unhandled + b.unhandled,
    rss: a.rss + b.rss,
    heapUsed: a.heapUsed + b.heapUsed,
    startedAt: Math.min(a.startedAt, b.startedAt),
  };
}

interface CompiledRoute {
  method: string;
  pattern: string;
  re: RegExp;
  rank: number;
}

export type Metrics = ReturnType<typeof createMetrics>;

const escapeLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const labels = (pairs: Record<string, string>) =>
  `{${Object.entries(pairs)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(",")}}`;

function compile(method: string, pattern: string): CompiledRoute {
  const body = pattern
    .split("/")
    .map((seg) =>
      seg === "*" ? ".*" : seg.startsWith(":") ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  // Static paths beat parameters, parameters beat wildcards (Elysia's own preference).
  const rank = pattern.includes("*") ? 2 : pattern.includes(":") ? 1 : 0;
  return { method, pattern, re: new RegExp(`^${body}$`), rank };
}

/** `procedureNames`: the tRPC router's procedures, the only names a /trpc/ label may carry. */
export function createMetrics(procedureNames: string[] = [], startedAt = Date.now()) {
  const series = new Map<string, Series>();
  const procedures = new Set(procedureNames);
  let routes: CompiledRoute[] = [];
  let routeCache = new BoundedMap<string, string>(ROUTE_CACHE_SIZE);
  let unhandled = 0;
  /** The latest snapshot of each other process of this instance (WEB_CONCURRENCY). */
  const peers = new Map<string, MetricsSnapshot>();

  function snapshot(): MetricsSnapshot {
    const mem = process.memoryUsage();
    return {
      series: [...series.values()].map((s) => ({ ...s, buckets: [...s.buckets] })),
      unhandled,
      rss: mem.rss,
      heapUsed: mem.heapUsed,
      startedAt,
    };
  }

  /** Read the app's finished route list (to label requests by pattern) and hand the app back. */
  function attach<A extends { routes: { method: string; path: string }[] }>(app: A): A {
    routes = app.routes.map((r) => compile(r.method, r.path)).sort((a, b) => a.rank - b.rank);
    routeCache = new BoundedMap(ROUTE_CACHE_SIZE);
    return app;
  }

  function routeOf(method: string, path: string): string {
    if (path.startsWith("/trpc/")) {
      const names = path.slice(6).split(",");
      if (names.length > 1) return names.every((n) => procedures.has(n)) ? "/trpc/(batch)" : "/trpc/*";
      return procedures.has(names[0]!) ? `/trpc/${names[0]}` : "/trpc/*";
    }
    const verb = method === "HEAD" ? "GET" : method;
    // The route list is long (every REST path, each a regex): remember recent answers instead of scanning it
    // on every request. Bounded, as paths come from requests.
    const key = `${verb} ${path}`;
    const known = routeCache.get(key);
    if (known !== undefined) return known;
    const hit = routes.find((r) => (r.method === verb || r.method === "ALL") && r.re.test(path));
    const route = hit?.pattern ?? "(unmatched)";
    routeCache.set(key, route);
    return route;
  }

  function observe(method: string, path: string, status: number, seconds: number) {
    const route = routeOf(method, path);
    const statusClass = `${Math.floor(status / 100)}xx`;
    const key = seriesKey({ method, route, status: statusClass });
    let s = series.get(key);
    if (!s) {
      s = { method, route, status: statusClass, count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0) };
      series.set(key, s);
    }
    s.count++;
    s.sum += seconds;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) if (seconds <= LATENCY_BUCKETS[i]!) s.buckets[i]!++;
  }

  /** The text exposition; `jobs` are counts by status when a jobs table exists. */
  function render(jobs: Record<string, number> | null = null): string {
    const out: string[] = [];
    let mine = snapshot();
    for (const peer of peers.values()) mine = mergeSnapshots(mine, peer);
    const all = mine.series.sort(
      (a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method),
    );
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
    const processes = peers.size + 1;
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

  return {
    attach,
    routeOf,
    observe,
    render,
    snapshot,
    /** Another process's latest figures (null: it is gone for good). */
    setPeer(id: string, snap: MetricsSnapshot | null) {
      if (snap) peers.set(id, snap);
      else peers.delete(id);
    },
    countUnhandled: () => {
      unhandled++;
    },
  };
}

const base = (s: Series) => ({ method: s.method, route: s.route, status: s.status });

function gauge(out: string[], name: string, help: string, value: number) {
  out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${Math.round(value * 1000) / 1000}`);
}
