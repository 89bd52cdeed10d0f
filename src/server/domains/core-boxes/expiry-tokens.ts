/**
 * The "xl" (live) facet token of the core box search (db/extras.ts): on the day recorded in
 * core_box_expiry_sweep, a box has it unless it has expired. Counting "words NOT xl" then takes one FTS list,
 * where the expiry year and month tokens take a dozen and the hits must be counted too (about 3 ms less for
 * "GS" on Oahu, 200,000 boxes).
 *
 * The day moves forward on the first request of a new day that needs it: the boxes that expired since are
 * re-indexed without the token (a few dozen a day) in the same transaction as the new day, so the token is
 * exact for the day it names whatever the instance, and a request for another day (a server whose clock is
 * behind, a test's fixed date) uses the year and month tokens instead.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { searchRow } from "../../db/extras";

/** Expired boxes with these search words and facets on `today` (those without the token); null off the day. */
export async function expiredByLiveToken(db: DbOrTx, match: string, today: string): Promise<number | null> {
  // The day and the count in one statement, so they describe the same state of the index.
  const count = async () =>
    (
      await db.all<{ day: string | null; n: number }>(
        sql`SELECT (SELECT day FROM core_box_expiry_sweep WHERE id = 1) AS day, (SELECT count(*) FROM core_boxes_search WHERE core_boxes_search MATCH ${`(${match}) NOT facets : "xl"`}) AS n`,
      )
    )[0];
  let row = await count();
  // A later day than the sweep's: sweep to it first, then count again.
  if (row?.day && row.day < today && (await sweepTo(db, today))) row = await count();
  return row?.day === today ? Number(row.n) : null;
}

/**
 * Move the sweep day forward to `today`, taking the token off the boxes that expired in between. False when it
 * could not be done now (another writer held the database too long): the caller counts the other way.
 */
export async function sweepTo(db: DbOrTx, today: string): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.all<{ day: string }>(sql`SELECT day FROM core_box_expiry_sweep WHERE id = 1`);
      if (!row || row.day >= today) return;
      const expiredSince = sql`storage_expiry_date >= ${row.day} AND storage_expiry_date < ${today}`;
      await tx.run(
        sql`DELETE FROM core_boxes_search WHERE rowid IN (SELECT id FROM core_boxes WHERE ${expiredSince})`,
      );
      await tx.run(sql`UPDATE core_box_expiry_sweep SET day = ${today} WHERE id = 1`);
      await tx.run(
        sql`INSERT INTO core_boxes_search(rowid, work_order, project, engineer, facets) SELECT ${sql.raw(searchRow("b"))} FROM core_boxes b WHERE ${expiredSince}`,
      );
    });
    return true;
  } catch {
    return false;
  }
}
