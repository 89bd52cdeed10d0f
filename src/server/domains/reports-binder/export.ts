import type { binderListInput } from "@shared/reports-binder";
import { inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { reportsBinder as rb } from "../../db/schema";
import { csvStream } from "../../lib/csv";
import { allIds } from "../../lib/list-engine";
import { binderQuery } from "./queries";

export const BINDER_CSV_HEADER = [
  "id",
  "date",
  "work_order",
  "engineer_initials",
  "billing",
  "date_sent",
  "pdf_file",
  "page_label",
];
const BATCH = 5000;

/**
 * Every row matching the filters (not one page), in the list's order (its sort, then id): the ids first (a few
 * bytes a row, found as the list finds them), then the rows read 5,000 at a time while streaming, so memory stays
 * flat however many rows there are and no batch re-reads the ones before it.
 */
export function binderCsv(db: Db, input: z.infer<typeof binderListInput>): ReadableStream<Uint8Array> {
  async function* batches() {
    const ids = await allIds(db, binderQuery(input));
    for (let i = 0; i < ids.length; i += BATCH) {
      const part = ids.slice(i, i + BATCH);
      // Only the exported columns: the timestamps would each become a Date for nothing.
      const rows = await db
        .select({
          id: rb.id,
          date: rb.date,
          workOrder: rb.workOrder,
          engineerInitials: rb.engineerInitials,
          billing: rb.billing,
          dateSent: rb.dateSent,
          pdfFile: rb.pdfFile,
          pageLabel: rb.pageLabel,
        })
        .from(rb)
        .where(inArray(rb.id, part));
      const byId = new Map(rows.map((r) => [r.id, r]));
      // A row removed since the export started is left out.
      yield part.flatMap((id) => {
        const r = byId.get(id);
        return r
          ? [
              [
                r.id,
                r.date ?? "",
                r.workOrder,
                r.engineerInitials,
                r.billing,
                r.dateSent ?? "",
                r.pdfFile,
                r.pageLabel,
              ],
            ]
          : [];
      });
    }
  }
  return csvStream(BINDER_CSV_HEADER, batches());
}
