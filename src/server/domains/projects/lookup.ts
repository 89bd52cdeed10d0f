import { NOT_FOUND, type WorkOrderMatch } from "@shared/ocr";
import type { WorkOrderProject } from "@shared/work-orders";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { lookupRange } from "./keys";

interface Row {
  i: number;
  from_base: number;
  work_order: string | null;
  client: string | null;
  project: string | null;
  pr: string | null;
  principal_engineer: string | null;
  date: string | null;
  final_report_date: string | null;
}

/**
 * The register's line of every work order of the list (null where none), by the one rule of keys.ts, in ONE
 * query: the list becomes a VALUES table of keys and ranges, and each picks its line through the unique index
 * (the exact key, else the range's lowest key, else the base number's key: index seeks, no table scan).
 * Work Order Recognition and the work order page both read the register through here, so they agree.
 */
export async function registerLines(db: DbOrTx, workOrders: string[]): Promise<(WorkOrderProject | null)[]> {
  const wanted = workOrders.flatMap((wo, i) => {
    const r = lookupRange(wo);
    return r ? [{ i, ...r }] : [];
  });
  const found = new Map<number, Row>();
  if (wanted.length) {
    const values = sql.join(
      wanted.map((r) => sql`(${r.i}, ${r.exact}, ${r.lo}, ${r.hi}, ${r.base})`),
      sql`, `,
    );
    const rows = await db.all<Row>(sql`
      with q(i, ex, lo, hi, base) as (values ${values})
      select q.i as i, coalesce(p.wo_key = q.base, 0) as from_base, p.work_order, p.client, p.project, p.pr,
        p.principal_engineer, p.date, p.final_report_date
      from q
      left join projects p on p.wo_key = coalesce(
        (select wo_key from projects where wo_key = q.ex),
        (select min(wo_key) from projects where wo_key >= q.lo and wo_key < q.hi),
        (select wo_key from projects where wo_key = q.base)
      )`);
    for (const row of rows) if (row.work_order !== null) found.set(Number(row.i), row);
  }
  return workOrders.map((_, i) => {
    const row = found.get(i);
    return row ? lineOf(row) : null;
  });
}

function lineOf(row: Row): WorkOrderProject {
  return {
    work_order: row.work_order!,
    client: row.client ?? "",
    project: row.project ?? "",
    pr: row.pr ?? "",
    principal_engineer: row.principal_engineer ?? "",
    date: row.date ?? "",
    final_report_date: row.final_report_date ?? "",
    ...(Number(row.from_base) ? { from_base: true as const } : {}),
  };
}

/** Work Order Recognition's Matches: one per work order, in the order given; misses carry NOT_FOUND. */
export async function lookupWorkOrders(db: DbOrTx, workOrders: string[]): Promise<WorkOrderMatch[]> {
  const lines = await registerLines(db, workOrders);
  return workOrders.map((work_order, i) => {
    const line = lines[i];
    if (!line) return { work_order, project_wo: NOT_FOUND, client: "", project: "", pr: "", date: "" };
    const { client, project, pr, date } = line;
    const match: WorkOrderMatch = { work_order, project_wo: line.work_order, client, project, pr, date };
    return line.from_base ? { ...match, from_base: true } : match;
  });
}
