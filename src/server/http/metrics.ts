/**
 * Request metrics kept in memory per process, rendered in the Prometheus text exposition format (0.0.4) by
 * GET /api/metrics. Labels are route patterns ("/api/core-boxes/:id", "/trpc/coreBoxes.list"), never raw paths,
 * so a scanner probing random URLs cannot grow the series without bound. With several instances, scrape each.
 * With WEB_CONCURRENCY the processes of one instance share snapshots (cluster.ts), so whichever process answers
 * reports the whole instance (the others' figures up to two seconds old).
 */

import { BoundedMap } from "../lib/bounded-map";
import { LATENCY_BUCKETS, type MetricsSnapshot, renderMetrics, type Series } from "./metrics-text";

export { LATENCY_BUCKETS, type MetricsSnapshot } from "./metrics-text";

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
  const { attach, routeOf } = createRouteLabels(procedureNames);
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

  /** The text exposition of the whole instance; `jobs` are counts by status when a jobs table exists. */
  function render(jobs: Record<string, number> | null = null): string {
    let mine = snapshot();
    for (const peer of peers.values()) mine = mergeSnapshots(mine, peer);
    return renderMetrics(mine, peers.size + 1, jobs);
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

/**
 * The label of a request: its route pattern (the tRPC procedure for /trpc/), "(unmatched)" for a path no route
 * takes. `attach` reads the app's routes.
 */
function createRouteLabels(procedureNames: string[]) {
  const procedures = new Set(procedureNames);
  let routes: CompiledRoute[] = [];
  let routeCache = new BoundedMap<string, string>(ROUTE_CACHE_SIZE);

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

  return { attach, routeOf };
}
