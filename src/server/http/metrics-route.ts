import { timingSafeEqual } from "node:crypto";
import { can, REFUSED } from "@shared/permissions";
import { Elysia } from "elysia";
import type { AppDeps } from "../deps";
import { forbidden } from "../lib/errors";
import type { Metrics } from "./metrics";
import { rest } from "./openapi/route-doc";
import { requireUser } from "./request-state";

const sha = (s: string) => new Bun.CryptoHasher("sha256").update(s).digest();

/** A scraper's `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
export function hasMetricsToken(request: Request, token: string | undefined): boolean {
  if (!token) return false;
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  return !!given && timingSafeEqual(sha(given), sha(token));
}

/** Background jobs by status, when the jobs table exists (document indexing adds it); null otherwise. */
export async function jobCounts(deps: Pick<AppDeps, "database">): Promise<Record<string, number> | null> {
  const client = deps.database.client;
  const table = await client.execute("select 1 from sqlite_master where type = 'table' and name = 'jobs'");
  if (table.rows.length === 0) return null;
  try {
    const rows = await client.execute(
      "select status, count(*) as n from jobs group by status order by status",
    );
    return Object.fromEntries(rows.rows.map((r) => [String(r.status), Number(r.n)]));
  } catch {
    return null; // a jobs table without a status column is not ours to report
  }
}

/**
 * GET /api/metrics (Prometheus text format) for Owners, or for a scraper holding METRICS_TOKEN. No service sits
 * behind this one door, so the rule is checked here, with its own sentence.
 */
export function metricsRest(deps: AppDeps, metrics: Metrics) {
  return new Elysia().get(
    "/api/metrics",
    async ({ request, set }) => {
      if (!hasMetricsToken(request, deps.env.METRICS_TOKEN)) {
        if (!can(requireUser(request), "metrics.read")) throw forbidden(REFUSED["metrics.read"]);
      }
      const body = metrics.render(await jobCounts(deps));
      set.headers["content-type"] = "text/plain; version=0.0.4; charset=utf-8";
      return body;
    },
    {
      detail: rest({
        summary: "Prometheus metrics (an Owner's session, or Authorization: Bearer METRICS_TOKEN)",
        tag: "Portal",
        access: "owner-or-token",
        returns: "Prometheus text format 0.0.4",
        type: "text/plain",
      }),
    },
  );
}
