import type { BinderHealth } from "@shared/reports-binder";
import { count } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reportsBinder } from "../../db/schema";

/** The logical database name shown in the health banner: never a file-system path. */
export const BINDER_DB_NAME = "reports_binder";

/**
 * GET /api/reports-binder/_health. The binder lives in the portal database, so "exists" means it holds rows;
 * an empty binder shows the spec's "Database file not found" notice until the first row is added.
 */
export async function binderHealth(db: Db): Promise<BinderHealth> {
  try {
    const [row] = await db.select({ n: count() }).from(reportsBinder).limit(1);
    return { ok: true, db_exists: (row?.n ?? 0) > 0, db_path: BINDER_DB_NAME, error: null };
  } catch {
    return {
      ok: false,
      db_exists: false,
      db_path: BINDER_DB_NAME,
      error: "The binder table could not be read.",
    };
  }
}
