import type { DocumentMode } from "@shared/documents";
import { parseReportFileName } from "@shared/reports";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import {
  docChunkEmbeddings,
  docChunks,
  docCollections,
  docDocuments,
  docPages,
  docUploadHistory,
} from "../../../db/schema";
import { recordAudit } from "../../../lib/audit";
import type { Chunk } from "./chunk";

/** Row writes of the document index; the caller holds the transaction. */

export async function findCollection(db: DbOrTx, name: string) {
  const [row] = await db.select().from(docCollections).where(eq(docCollections.name, name));
  return row ?? null;
}

export async function createCollection(
  tx: DbOrTx,
  c: { name: string; title: string; mode: DocumentMode; user: string },
) {
  const [row] = await tx
    .insert(docCollections)
    .values({ name: c.name, title: c.title, mode: c.mode, createdBy: c.user })
    .returning();
  await recordAudit(tx, {
    actor: c.user,
    action: "documents.create_db",
    target: c.name,
    details: { title: c.title, mode: c.mode },
  });
  return row!;
}

export async function findBySha(db: DbOrTx, collectionId: number, sha256: string) {
  const [row] = await db
    .select()
    .from(docDocuments)
    .where(
      and(
        eq(docDocuments.collectionId, collectionId),
        eq(docDocuments.sha256, sha256),
        eq(docDocuments.status, "indexed"),
      ),
    );
  return row ?? null;
}

/** The document whose original is at `storageKey`, if one is committed. */
export async function documentAt(db: DbOrTx, storageKey: string) {
  const [row] = await db
    .select({ id: docDocuments.id })
    .from(docDocuments)
    .where(eq(docDocuments.storageKey, storageKey))
    .limit(1);
  return row ?? null;
}

/** Remove documents with their pages, chunks (the FTS triggers follow) and vectors. */
export async function deleteDocuments(tx: DbOrTx, ids: number[]) {
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const chunkIds = tx
      .select({ id: docChunks.id })
      .from(docChunks)
      .where(inArray(docChunks.documentId, part));
    await tx.delete(docChunkEmbeddings).where(inArray(docChunkEmbeddings.chunkId, chunkIds));
    await tx.delete(docChunks).where(inArray(docChunks.documentId, part));
    await tx.delete(docPages).where(inArray(docPages.documentId, part));
    await tx.delete(docDocuments).where(inArray(docDocuments.id, part));
  }
}

export async function findByName(db: DbOrTx, collectionId: number, fileName: string) {
  const [row] = await db
    .select()
    .from(docDocuments)
    .where(and(eq(docDocuments.collectionId, collectionId), eq(docDocuments.fileName, fileName)));
  return row ?? null;
}

/**
 * What a document indexed with "replace" takes the place of: the file of the same name, any file of the same
 * content and, when there is neither, the one other file of the same work order (a report renamed). A work order
 * with several other files keeps them all: which one was meant cannot be told.
 */
export async function replacedBy(
  tx: DbOrTx,
  collectionId: number,
  d: { fileName: string; sha256: string; workOrder?: string | null },
) {
  const cols = { id: docDocuments.id, fileName: docDocuments.fileName, storageKey: docDocuments.storageKey };
  const inCollection = eq(docDocuments.collectionId, collectionId);
  const named = await tx
    .select(cols)
    .from(docDocuments)
    .where(and(inCollection, eq(docDocuments.fileName, d.fileName)));
  const sameContent = await tx
    .select(cols)
    .from(docDocuments)
    .where(and(inCollection, eq(docDocuments.sha256, d.sha256), ne(docDocuments.fileName, d.fileName)));
  if (named.length || sameContent.length || !d.workOrder) return [...named, ...sameContent];
  const sameWorkOrder = await tx
    .select(cols)
    .from(docDocuments)
    .where(and(inCollection, eq(docDocuments.workOrder, d.workOrder)))
    .limit(2);
  return sameWorkOrder.length === 1 ? sameWorkOrder : [];
}

export interface NewDocument {
  collectionId: number;
  db: string;
  fileName: string;
  /** Where the original is kept; "" when it was not kept (a report indexed without storing its PDF). */
  storageKey: string;
  sha256: string;
  size: number;
  user: string;
  pages: { text: string; ocr: boolean }[];
  chunks: Chunk[];
  /** Reports: work order and project from the file name. */
  workOrder?: string | null;
  project?: string | null;
  /** Other documents this one replaces (a report of the same content or work order), removed in the same transaction. */
  replaces?: number[];
}

/** One whole document: replaces an earlier file of the same name, then writes rows, history and audit. */
export async function insertDocument(tx: DbOrTx, d: NewDocument) {
  const [old] = await tx
    .select({ id: docDocuments.id })
    .from(docDocuments)
    .where(and(eq(docDocuments.collectionId, d.collectionId), eq(docDocuments.fileName, d.fileName)));
  const gone = [...new Set([...(old ? [old.id] : []), ...(d.replaces ?? [])])];
  if (gone.length) await deleteDocuments(tx, gone);
  const [doc] = await tx
    .insert(docDocuments)
    .values({
      collectionId: d.collectionId,
      fileName: d.fileName,
      storageKey: d.storageKey,
      sha256: d.sha256,
      size: d.size,
      pages: d.pages.length,
      status: "indexed",
      uploadedBy: d.user,
      workOrder: d.workOrder ?? null,
      project: d.project ?? null,
    })
    .returning({ id: docDocuments.id });
  const documentId = doc!.id;
  // Multi-row inserts in slices: few statements (fast), each under SQLite's bound-parameter limit.
  for (let i = 0; i < d.pages.length; i += 500) {
    await tx
      .insert(docPages)
      .values(d.pages.slice(i, i + 500).map((p, j) => ({ documentId, pageNo: i + j + 1, ...p })));
  }
  const chunkIds: number[] = [];
  for (let i = 0; i < d.chunks.length; i += 500) {
    const rows = await tx
      .insert(docChunks)
      .values(d.chunks.slice(i, i + 500).map((c) => ({ documentId, collectionId: d.collectionId, ...c })))
      .returning({ id: docChunks.id });
    for (const r of rows) chunkIds.push(r.id);
  }
  await tx.insert(docUploadHistory).values({ db: d.db, file: d.fileName, user: d.user });
  await recordAudit(tx, {
    actor: d.user,
    action: "documents.index",
    target: `${d.db}/${d.fileName}`,
    details: { pages: d.pages.length, chunks: d.chunks.length, replaced: gone.length > 0, sha256: d.sha256 },
  });
  return { documentId, chunkIds, replaced: gone.length > 0 };
}

/** A stored original that could not be indexed stays listed, with the reason (reindex from storage). */
export async function recordFailedDocument(
  tx: DbOrTx,
  d: Pick<NewDocument, "collectionId" | "fileName" | "storageKey" | "sha256" | "size" | "user"> & {
    error: string;
  },
) {
  const [old] = await tx
    .select({ id: docDocuments.id })
    .from(docDocuments)
    .where(and(eq(docDocuments.collectionId, d.collectionId), eq(docDocuments.fileName, d.fileName)));
  if (old) await deleteDocuments(tx, [old.id]);
  await tx.insert(docDocuments).values({
    collectionId: d.collectionId,
    fileName: d.fileName,
    storageKey: d.storageKey,
    sha256: d.sha256,
    size: d.size,
    status: "failed",
    error: d.error,
    uploadedBy: d.user,
  });
}

/** A move would give a document the name another document of its database has. */
export class DocumentNameTaken extends Error {
  constructor(
    readonly db: string,
    readonly fileName: string,
  ) {
    super(`${db} already has a document named ${fileName}.`);
  }
}

/** A document's name in its database before and after a move. */
export interface DocumentRename {
  db: string;
  from: string;
  to: string;
}

/** The name a document takes from its original's key: the path below `<db>/`, else the file's own name. */
const nameFromKey = (db: string, key: string) =>
  key.startsWith(`${db}/`) ? key.slice(db.length + 1) : key.slice(key.lastIndexOf("/") + 1);

/**
 * A report's work order and project come from its name: a renamed report takes them from the new name, and keeps
 * its old ones when the new name is not in the report form (it is still that work order's report).
 */
function reportFields(row: { workOrder: string | null }, fileName: string) {
  if (row.workOrder === null) return {};
  const parsed = parseReportFileName(fileName);
  return parsed.ok ? { workOrder: parsed.work_order, project: parsed.project } : {};
}

/**
 * The original at `from` was moved to `to`: its documents follow (their links, citations and previews), and so
 * does the name every screen shows: the new path inside the database's folder, or the new file name for an
 * original kept elsewhere (the reports under `reports/`), with a report's work order and project from it. The
 * Upload History names the file as it is now. Answers each document's rename; a conflict when the database
 * already has a document of the new name.
 */
export async function rekeyDocuments(tx: DbOrTx, from: string, to: string): Promise<DocumentRename[]> {
  const rows = await tx
    .select({
      id: docDocuments.id,
      collectionId: docDocuments.collectionId,
      fileName: docDocuments.fileName,
      workOrder: docDocuments.workOrder,
      db: docCollections.name,
    })
    .from(docDocuments)
    .innerJoin(docCollections, eq(docCollections.id, docDocuments.collectionId))
    .where(eq(docDocuments.storageKey, from));
  const renames: DocumentRename[] = [];
  for (const r of rows) {
    const fileName = nameFromKey(r.db, to);
    const [taken] = await tx
      .select({ id: docDocuments.id })
      .from(docDocuments)
      .where(
        and(
          eq(docDocuments.collectionId, r.collectionId),
          eq(docDocuments.fileName, fileName),
          ne(docDocuments.id, r.id),
        ),
      );
    if (taken) throw new DocumentNameTaken(r.db, fileName);
    await tx
      .update(docDocuments)
      .set({ storageKey: to, fileName, ...reportFields(r, fileName) })
      .where(eq(docDocuments.id, r.id));
    await tx
      .update(docUploadHistory)
      .set({ file: fileName })
      .where(and(eq(docUploadHistory.db, r.db), eq(docUploadHistory.file, r.fileName)));
    renames.push({ db: r.db, from: r.fileName, to: fileName });
  }
  return renames;
}

/** Originals deleted from storage: their documents stay searchable, with no file to link to (key ""). */
export async function detachDocuments(tx: DbOrTx, keys: string[]) {
  if (!keys.length) return;
  await tx.update(docDocuments).set({ storageKey: "" }).where(inArray(docDocuments.storageKey, keys));
}
