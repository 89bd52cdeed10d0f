import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { changeRecords, coreBoxes } from "../../db/schema";
import { demoProjectName } from "../projects/service";
import { generateDemoBoxes } from "./demo-data";
import { toBoxRecord } from "./queries";

export const DEMO_BOX_COUNT = 320;

/** The demo boxes, each naming the demo register's project of its work order (as the binder's rows do). */
export const demoBoxes = (now: Date, expiryMonths?: number) =>
  generateDemoBoxes(DEMO_BOX_COUNT, { now, expiryMonths, seed: 2026, projectOf: demoProjectName });

/**
 * Demo boxes, only into an empty inventory that has never had any (no history either): a site that removed
 * all its boxes does not get demo data back on restart.
 */
export async function seedCoreBoxes(db: Db, opts: { now?: Date; expiryMonths?: number } = {}) {
  const [{ boxes } = { boxes: 0 }] = await db.select({ boxes: count() }).from(coreBoxes);
  const [{ changes } = { changes: 0 }] = await db
    .select({ changes: count() })
    .from(changeRecords)
    .where(eq(changeRecords.kind, "core_box"));
  if (boxes > 0 || changes > 0) return 0;
  const now = opts.now ?? new Date();
  const demo = demoBoxes(now, opts.expiryMonths);
  await db.transaction(async (tx) => {
    for (let i = 0; i < demo.length; i += 100) {
      await tx.insert(coreBoxes).values(demo.slice(i, i + 100).map((b) => toBoxRecord(b, "seed", now)));
    }
  });
  return demo.length;
}
