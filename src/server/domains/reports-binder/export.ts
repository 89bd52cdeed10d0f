import type { binderListInput } from "@shared/reports-binder";
import { and, asc, gt } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { reportsBinder as rb } from "../../db/schema";
import { csvStream } from "../../lib/csv";
import { binderWhere, planSearch, toBinderRow } from "./queries";

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
      const rows = await db
        .select()
        .from(rb)
        .where(and(where, gt(rb.id, after)))
        .orderBy(asc(rb.id))
        .limit(BATCH);
      if (rows.length === 0) return;
      after = rows.at(-1)!.id;
      yield rows.map((r) => {
        const b = toBinderRow(r);
        return [
          b.id,
          b.date,
          b.work_order,
          b.engineer_initials,
          b.billing,
          b.date_sent,
          b.pdf_file,
          b.page_label,
        ];
      });
      if (rows.length < BATCH) return;
    }
  }
  return csvStream(BINDER_CSV_HEADER, batches());
}
