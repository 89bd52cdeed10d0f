import { CHAT_MESSAGES } from "@shared/chat";
import { dbTitle, INTERNAL_DBS } from "@shared/documents";
import { REPORTS_DB } from "@shared/reports";
import { asc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedPer } from "../../db/prepared";
import { docCollections } from "../../db/schema";
import { notFound } from "../../lib/errors";

/**
 * What a question can be asked of: every document database is one target over its own collection, and the
 * project reports (the internal collection reports.db, "Reports") one more. The list is built from
 * `TARGET_SOURCES`, each listing its targets and the collections they search.
 */
export interface ChatTarget {
  /** The name the spec's paths carry (`db`), e.g. employee_handbook.db. */
  name: string;
  /** The dropdown's name: the database's one display name (dbTitle). */
  label: string;
  collectionIds: number[];
}

export type TargetSource = (db: Db) => Promise<ChatTarget[]>;

// Built once per database handle: every question resolves its target first.
const documentCollections = preparedPer((db: Db) =>
  db
    .select({ id: docCollections.id, name: docCollections.name })
    .from(docCollections)
    .where(notInArray(docCollections.name, [...INTERNAL_DBS]))
    .orderBy(asc(docCollections.name))
    .prepare(),
);

const reportsCollection = preparedPer((db: Db) =>
  db
    .select({ id: docCollections.id })
    .from(docCollections)
    .where(eq(docCollections.name, REPORTS_DB))
    .prepare(),
);

const documentDatabases: TargetSource = async (db) => {
  const rows = await documentCollections(db).all();
  return rows.map((r) => ({ name: r.name, label: dbTitle(r), collectionIds: [r.id] }));
};

/** The indexed project reports, once there are any: answers cite the report file and page. */
const reports: TargetSource = async (db) => {
  const [row] = await reportsCollection(db).all();
  return row ? [{ name: REPORTS_DB, label: "Reports", collectionIds: [row.id] }] : [];
};

export const TARGET_SOURCES: TargetSource[] = [documentDatabases, reports];

export async function chatTargets(db: Db): Promise<ChatTarget[]> {
  const lists = await Promise.all(TARGET_SOURCES.map((source) => source(db)));
  const seen = new Set<string>();
  return lists.flat().filter((t) => !seen.has(t.name) && seen.add(t.name));
}

export async function requireTarget(db: Db, name: string): Promise<ChatTarget> {
  const target = (await chatTargets(db)).find((t) => t.name === name);
  if (!target) throw notFound(CHAT_MESSAGES.dbMissing(name));
  return target;
}

/**
 * The version of what a target's answers are made from: its indexed documents (adding, replacing or removing
 * one changes it) and its chunk vectors. Part of every cache key, so a cached answer never outlives the
 * documents it was made from.
 */
export async function collectionVersion(db: Db, collectionIds: number[]): Promise<string> {
  if (!collectionIds.length) return "empty";
  const ids = sql.join(
    collectionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [d] = await db.all<{ n: number; m: number | null; s: number | null }>(
    sql`SELECT count(*) AS n, max(id) AS m, sum(id) AS s FROM doc_documents WHERE collection_id IN (${ids}) AND status = 'indexed'`,
  );
  const [e] = await db.all<{ n: number; m: number | null }>(
    sql`SELECT count(*) AS n, max(chunk_id) AS m FROM doc_chunk_embeddings WHERE collection_id IN (${ids})`,
  );
  return [collectionIds.join("+"), d?.n, d?.m ?? 0, d?.s ?? 0, e?.n, e?.m ?? 0].join(":");
}
