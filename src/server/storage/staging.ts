import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobs } from "../db/schema";
import { listAll, type ObjectBody, type ObjectStore } from "./object-store";

/**
 * Uploads wait under this top folder until their job has read them, so a damaged upload never replaces the
 * original of the same name and nothing appears in the database's folder before it is indexed. The storage
 * screens leave the folder out.
 */
export const STAGING_PREFIX = "_incoming/";

export const isStagingKey = (key: string) => key.startsWith(STAGING_PREFIX);

export async function stageUpload(store: ObjectStore, body: ObjectBody) {
  const key = `${STAGING_PREFIX}${crypto.randomUUID()}.pdf`;
  const info = await store.put(key, body, { contentType: "application/pdf" });
  return { key, size: info.size };
}

/** A staging copy younger than this may belong to an upload still arriving (another process): left alone. */
export const STAGING_GRACE_MS = 10 * 60 * 1000;

/**
 * Remove staging copies no queued or running job will read: what a process killed mid-upload, or mid-run of a
 * refused form, left behind. Run at start (and safe at any time: recent copies are spared). Answers how many went.
 */
export async function sweepStaging(deps: { db: Db; store: ObjectStore }, now = Date.now()): Promise<number> {
  const rows = await deps.db
    .select({ source: sql<string>`json_extract(${jobs.payload}, '$.source')` })
    .from(jobs)
    .where(inArray(jobs.status, ["queued", "running"]));
  const wanted = new Set(rows.map((r) => r.source));
  let removed = 0;
  for await (const o of listAll(deps.store, STAGING_PREFIX)) {
    if (wanted.has(o.key) || now - o.lastModified.getTime() < STAGING_GRACE_MS) continue;
    await deps.store.delete(o.key).catch(() => {});
    removed++;
  }
  return removed;
}
