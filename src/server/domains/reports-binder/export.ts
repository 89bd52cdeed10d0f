import type { binderListInput } from "@shared/reports-binder";
import { and, asc, gt } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { reportsBinder as rb } from "../../db/schema";
import { csvStream } from "../../lib/csv";
import { binderWhere, planSearch } from "./queries";

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
 * Every row matching the filters (not one page), streamed in id order in batches of 5,000 (keyset paging, so
 * memory stays flat and each batch is an index range, however many rows there are).
 */
export function binderCsv(db: Db, input: z.infer<typeof binderListInput>): ReadableStream<Uint8Array> {
  async function* batches() {
    const where = binderWhere(input, await planSearch(db, input.q));
    let after = 0;
    for (;;) {
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
        .where(and(where, gt(rb.id, after)))
        .orderBy(asc(rb.id))
        .limit(BATCH);
      if (rows.length === 0) return;
      after = rows.at(-1)!.id;
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
