/** CSV export of every box matching the list's filters (not just the page), streamed in the list's order. */
import { type CoreBoxFilters, todayIso } from "@shared/core-boxes";
import { csvStream } from "../../lib/csv";
import { allIds } from "../../lib/list-engine";
import type { ServiceCtx } from "../../lib/service-ctx";
import { FIELD_LABELS } from "./import-cells";
import { boxQuery, toFilters } from "./list";
import { boxesByIds, toCoreBox, withStatus } from "./queries";

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

export async function exportCsv(ctx: ServiceCtx, input: CoreBoxFilters) {
  const now = ctx.now();
  const today = todayIso(now);
  const fileName = `core-boxes-${today}.csv`;
  const filters = toFilters(input, now);
  // Only the ids, in order (a few bytes per box); the rows are read a chunk at a time while streaming.
  const ids = filters ? await allIds(ctx.db, boxQuery(filters, input.sort_by, input.sort_dir)) : [];
  async function* batches() {
    for (let i = 0; i < ids.length; i += CHUNK) {
      // A box removed since the export started is left out.
      const boxes = await boxesByIds(ctx.db, ids.slice(i, i + CHUNK));
      yield boxes.map((r) => {
        const b = withStatus(toCoreBox(r), today);
        return [
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
        ];
      });
    }
  }
  return { fileName, count: ids.length, stream: csvStream(EXPORT_HEADER, batches()) };
}
