import { NOT_FOUND, type WorkOrderMatch } from "@shared/ocr";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { lookupRange } from "./keys";

interface Row {
  i: number;
  work_order: string | null;
  client: string | null;
  project: string | null;
  pr: string | null;
  date: string | null;
}

/**
 * Match every work order of the list in ONE query: the list becomes a VALUES table of key ranges, and each
 * range picks its lowest key through the unique index (an index seek per work order, no table scan).
 */
export async function lookupWorkOrders(db: DbOrTx, workOrders: string[]): Promise<WorkOrderMatch[]> {
  const ranges = workOrders.map(lookupRange);
  const wanted = ranges.flatMap((r, i) => (r ? [{ i, ...r }] : []));
  const found = new Map<number, Row>();
  if (wanted.length) {
    const values = sql.join(
      wanted.map((r) => sql`(${r.i}, ${r.exact}, ${r.lo}, ${r.hi})`),
      sql`, `,
    );
    const rows = await db.all<Row>(sql`
      with q(i, ex, lo, hi) as (values ${values})
      select q.i as i, p.work_order, p.client, p.project, p.pr, p.date
      from q
      left join projects p on p.wo_key = coalesce(
        (select wo_key from projects where wo_key = q.ex),
        (select min(wo_key) from projects where wo_key >= q.lo and wo_key < q.hi)
      )`);
    for (const row of rows) if (row.work_order !== null) found.set(Number(row.i), row);
  }
  return workOrders.map((work_order, i) => {
    const row = found.get(i);
    if (!row) return { work_order, project_wo: NOT_FOUND, client: "", project: "", pr: "", date: "" };
    return {
      work_order,
      project_wo: row.work_order!,
      client: row.client ?? "",
      project: row.project ?? "",
      pr: row.pr ?? "",
      date: row.date ?? "",
    };
  });
}
