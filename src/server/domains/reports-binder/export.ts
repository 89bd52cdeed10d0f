import type { binderListInput } from "@shared/reports-binder";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { reportsBinder as rb } from "../../db/schema";
import { csvStream } from "../../lib/csv";
import { binderExportQuery } from "./queries";

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
 * Every row matching the filters (not one page), in the list's order (its sort, then id), streamed in batches of
 * 5,000 so memory stays flat however many rows there are. Each batch reads on from where the last one ended along
 * the sort index; skipping the rows already sent costs an index walk, not a row read.
 */
export function binderCsv(db: Db, input: z.infer<typeof binderListInput>): ReadableStream<Uint8Array> {
  async function* batches() {
    const { where, order } = binderExportQuery(input);
    for (let offset = 0; ; offset += BATCH) {
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
        .where(where)
        .orderBy(order)
        .limit(BATCH)
        .offset(offset);
      if (rows.length === 0) return;
      yield rows.map((r) => [
        r.id,
        r.date ?? "",
        r.workOrder,
        r.engineerInitials,
        r.billing,
        r.dateSent ?? "",
        r.pdfFile,
        r.pageLabel,
      ]);
      if (rows.length < BATCH) return;
    }
  }
  return csvStream(BINDER_CSV_HEADER, batches());
}
