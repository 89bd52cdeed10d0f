/** CSV export of every box matching the list's filters (not just the page), streamed in the list's order. */
import { type CoreBoxFilters, todayIso } from "@shared/core-boxes";
import { sql } from "drizzle-orm";
import { csvStream } from "../../lib/csv";
import { FIELD_LABELS } from "./import-cells";
import { countMatching, type RawBoxRow } from "./list-plan";
import {
  bestFilterIndex,
  filterTerms,
  matchExpression,
  orderBy,
  ROW_COLUMNS,
  SORTS,
  seekablePrefix,
  whereSql,
} from "./list-sql";
import { fromRaw, toFilters, withStatus } from "./queries";
import { type CoreBoxDeps, nowOf } from "./service";

/** The firm's column headers first, so an exported file imports again unchanged. */
export const EXPORT_HEADER = [
  FIELD_LABELS.work_order,
  FIELD_LABELS.project,
  FIELD_LABELS.engineer,
  FIELD_LABELS.report_submission_date,
  FIELD_LABELS.storage_expiry_date,
  FIELD_LABELS.complete,
  FIELD_LABELS.keep_or_dump,
  FIELD_LABELS.island,
  FIELD_LABELS.year,
  "Status",
];

const CHUNK = 1000;

export async function exportCsv(deps: CoreBoxDeps, input: CoreBoxFilters) {
  const now = nowOf(deps);
  const fileName = `core-boxes-${todayIso(now)}.csv`;
  const filters = toFilters(input, now);
  const ids = filters ? await matchingIds(deps, filters, input) : [];
  const { db } = deps;
  async function* batches() {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const rows = await db.all<RawBoxRow>(
        sql`SELECT ${sql.raw(ROW_COLUMNS)} FROM core_boxes WHERE id IN (${sql.join(
          chunk.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      // A box removed since the export started is left out.
      yield chunk.flatMap((id) => {
        const r = byId.get(id);
        if (!r) return [];
        const b = withStatus(fromRaw(r), filters!.today);
        return [
          [
            b.work_order,
            b.project,
            b.engineer,
            b.report_submission_date,
            b.storage_expiry_date,
            b.complete,
            b.keep_or_dump,
            b.island,
            b.year,
            b.status,
          ],
        ];
      });
    }
  }
  return { fileName, count: ids.length, stream: csvStream(EXPORT_HEADER, batches()) };
}

/** Only the ids, in order (a few bytes per box); the rows are read a chunk at a time while streaming. */
async function matchingIds(
  deps: CoreBoxDeps,
  f: NonNullable<ReturnType<typeof toFilters>>,
  input: CoreBoxFilters,
) {
  const counted = await countMatching(deps.db, f);
  if (counted.total === 0) return [];
  const search = f.terms.length ? sql`${matchExpression(f.terms, f.eq)}` : null;
  // Few matches: fetch them and sort; many: walk the sort index in order.
  const walk = counted.driving * 1.2 > counted.all * 0.1;
  const { index, keys } =
    walk || !search ? (walk ? SORTS[input.sort_by] : bestFilterIndex(f)) : { index: "", keys: [] };
  const terms = filterTerms(search && !walk ? { ...f, eq: {} } : f, {
    seekKeys: keys.slice(0, seekablePrefix(keys, f)),
    search,
  });
  const from = index ? sql`core_boxes INDEXED BY ${sql.raw(index)}` : sql`core_boxes`;
  const rows = await deps.db.all<{ id: number }>(
    sql`SELECT id FROM ${from}${whereSql(terms)} ORDER BY ${orderBy(input.sort_by, input.sort_dir, !walk)}`,
  );
  return rows.map((r) => Number(r.id));
}
