/** CSV export of every box matching the list's filters (not just the page), streamed in the list's order. */
import { type CoreBoxFilters, todayIso } from "@shared/core-boxes";
import { csvStream } from "../../lib/csv";
import { allIds } from "../../lib/list-engine";
import type { ServiceCtx } from "../../lib/service-ctx";
import { FIELD_LABELS, FIELDS } from "./import-cells";
import { boxQuery, toFilters } from "./list";
import { boxesByIds, toCoreBox, withStatus } from "./queries";

/** The firm's columns (their headers) first, so an exported file imports again unchanged; then the status. */
const EXPORT_HEADER = [...FIELDS.map((f) => FIELD_LABELS[f]), "Status"];

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
        return [...FIELDS.map((f) => b[f]), b.status];
      });
    }
  }
  return { fileName, count: ids.length, stream: csvStream(EXPORT_HEADER, batches()) };
}
