import type { Kpi } from "@shared/dashboard";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countsBack, DAY_MS, trendWindow } from "../../lib/activity";

/**
 * Dashboard "Documents Indexed": indexed files across every document database and the project reports
 * (reports.db), and the count at the end of each of the last 7 days (oldest first) by when each was indexed. A
 * file replaced or deleted since counts from its current row only, which is what the card shows: what is
 * searchable.
 */
export async function documentsIndexedKpi(db: Db, now: Date): Promise<Kpi> {
  const { since } = trendWindow(now);
  const [total] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM doc_documents WHERE status = 'indexed'`,
  );
  const rows = await db.all<{ d: number; n: number }>(sql`
    SELECT cast((uploaded_at - ${since}) / ${DAY_MS} AS integer) AS d, count(*) AS n
    FROM doc_documents WHERE status = 'indexed' AND uploaded_at >= ${since} GROUP BY d`);
  const added = new Map(rows.map((r) => [Number(r.d), Number(r.n)]));
  const value = Number(total?.n ?? 0);
  return { value, trend: countsBack(value, (day) => added.get(day) ?? 0) };
}
