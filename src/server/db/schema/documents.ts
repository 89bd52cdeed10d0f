import { DOCUMENT_MODES, DOCUMENT_STATUSES } from "@shared/documents";
import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * Document databases: a collection (`employee_handbook.db`) holds documents; a document's text is kept per page
 * and as overlapping chunks that remember their pages (what Ask AI cites). The chunks' full-text index and its
 * triggers are in db/extras-documents.ts (drizzle-kit cannot describe FTS5). Foreign keys are not enforced in
 * this database, so the service deletes children explicitly, in the same transaction as the parent.
 */
export const docCollections = sqliteTable("doc_collections", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull().unique(),
  title: text().notNull().default(""),
  mode: text({ enum: DOCUMENT_MODES }).notNull().default("default"),
  createdBy: text().notNull(),
  createdAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
});

export const docDocuments = sqliteTable(
  "doc_documents",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    collectionId: integer().notNull(),
    fileName: text().notNull(),
    storageKey: text().notNull(),
    sha256: text().notNull(),
    size: integer().notNull(),
    pages: integer().notNull().default(0),
    status: text({ enum: DOCUMENT_STATUSES }).notNull(),
    error: text(),
    uploadedBy: text().notNull(),
    uploadedAt: integer({ mode: "timestamp_ms" }).notNull().default(now),
    /** Reports (`reports.db`): the work order (upper case) and project parsed from the file name. */
    workOrder: text(),
    project: text(),
  },
  (t) => [
    // One file of a name per database (its original lives at `<db>/<file>`); the list reads this index in order.
    uniqueIndex("doc_documents_collection_file_idx").on(t.collectionId, t.fileName),
    // The same content is indexed once per database.
    uniqueIndex("doc_documents_collection_sha_idx")
      .on(t.collectionId, t.sha256)
      .where(sql`status = 'indexed'`),
    // A new file replaces documents of the same content whatever their status (store-rows.ts replacedBy).
    // The hash alone: selective by itself, and never a candidate for the collection's other queries.
    index("doc_documents_sha_idx").on(t.sha256),
    index("doc_documents_key_idx").on(t.storageKey),
    // The reports list: one collection, newest first (paged in SQL), and its work-order prefix filter.
    index("doc_documents_collection_uploaded_idx").on(t.collectionId, t.uploadedAt, t.id),
    index("doc_documents_collection_wo_idx").on(t.collectionId, t.workOrder, t.uploadedAt),
  ],
);

export const docPages = sqliteTable(
  "doc_pages",
  {
    documentId: integer().notNull(),
    pageNo: integer().notNull(),
    text: text().notNull(),
    /** The page had no text layer and was read by OCR. */
    ocr: integer({ mode: "boolean" }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.pageNo] })],
);

export const docChunks = sqliteTable(
  "doc_chunks",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    documentId: integer().notNull(),
    /** Denormalised so a search or an inspection of one database never joins through documents. */
    collectionId: integer().notNull(),
    firstPage: integer().notNull(),
    lastPage: integer().notNull(),
    ordinal: integer().notNull(),
    text: text().notNull(),
  },
  (t) => [
    index("doc_chunks_document_idx").on(t.documentId, t.ordinal),
    index("doc_chunks_collection_idx").on(t.collectionId, t.id),
  ],
);

/** Optional: one vector per chunk when an embeddings endpoint is configured (Float32 little-endian). */
export const docChunkEmbeddings = sqliteTable(
  "doc_chunk_embeddings",
  {
    chunkId: integer().primaryKey(),
    collectionId: integer().notNull(),
    model: text().notNull(),
    dims: integer().notNull(),
    vector: blob({ mode: "buffer" }).notNull(),
  },
  (t) => [index("doc_chunk_embeddings_collection_idx").on(t.collectionId, t.chunkId)],
);

/** Every file indexed into a database, kept after the database is deleted (the Upload History panel). */
export const docUploadHistory = sqliteTable(
  "doc_upload_history",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    ts: integer({ mode: "timestamp_ms" }).notNull().default(now),
    db: text().notNull(),
    file: text().notNull(),
    /** Email of the signed-in user (never a client-supplied name). */
    user: text().notNull(),
  },
  (t) => [
    index("doc_upload_history_ts_idx").on(t.ts, t.id),
    index("doc_upload_history_db_idx").on(t.db, t.ts),
  ],
);
