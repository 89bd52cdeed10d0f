import { describe, expect, test } from "bun:test";
import { clusterWorkerIndex, WORKER_FLAG } from "@server/cluster";
import { createMetrics, mergeSnapshots } from "@server/http/metrics";

describe("WEB_CONCURRENCY parts", () => {
  test("a worker knows its number from its argument; the primary has none", () => {
    expect(clusterWorkerIndex(["bun", "index.ts", `${WORKER_FLAG}=2`])).toBe(2);
    expect(clusterWorkerIndex(["bun", "index.ts"])).toBeNull();
    expect(clusterWorkerIndex(["bun", "index.ts", `${WORKER_FLAG}=0`])).toBeNull();
    expect(clusterWorkerIndex(["bun", "index.ts", `${WORKER_FLAG}=x`])).toBeNull();
  });

  test("metrics of several processes add up; the instance started with its first process", () => {
    const a = createMetrics([], 2000);
    const b = createMetrics([], 1000);
    a.observe("GET", "/api/health", 200, 0.004);
    a.observe("GET", "/api/health", 500, 0.2);
    b.observe("GET", "/api/health", 200, 0.03);
    const merged = mergeSnapshots(a.snapshot(), b.snapshot());
    const ok = merged.series.find((s) => s.status === "2xx")!;
    expect(ok.count).toBe(2);
    expect(ok.sum).toBeCloseTo(0.034);
    expect(ok.buckets[0]).toBe(1); // ≤ 5 ms: only a's
    expect(merged.series).toHaveLength(2);
    expect(merged.startedAt).toBe(1000);

    a.setPeer("1", b.snapshot());
    const text = a.render();
    expect(text).toContain('portal_http_requests_total{method="GET",route="(unmatched)",status="2xx"} 2');
    expect(text).toContain("Resident memory of this instance's 2 processes.");
    a.setPeer("1", null);
    expect(a.render()).toContain(
      'portal_http_requests_total{method="GET",route="(unmatched)",status="2xx"} 1',
    );
  });
});
