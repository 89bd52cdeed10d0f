import type { DbExtra } from "./extras";

/**
 * Full-text index over document chunks (BM25 retrieval for Ask AI, search in the explorer). External content on
 * doc_chunks so the text is stored once; porter stemming so "vested" finds "vesting". Kept in step by triggers,
 * so a document written in one transaction is searchable exactly when it is committed.
 */
export const DOCUMENT_EXTRAS: DbExtra[] = [
  {
    name: "document chunk search",
    marker: "doc_chunks_fts_ad",
    create: [
      `CREATE VIRTUAL TABLE IF NOT EXISTS doc_chunks_fts USING fts5(text, content='doc_chunks', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')`,
      `CREATE TRIGGER IF NOT EXISTS doc_chunks_fts_ai AFTER INSERT ON doc_chunks BEGIN
         INSERT INTO doc_chunks_fts(rowid, text) VALUES (new.id, new.text);
       END`,
      `CREATE TRIGGER IF NOT EXISTS doc_chunks_fts_au AFTER UPDATE OF text ON doc_chunks BEGIN
         INSERT INTO doc_chunks_fts(doc_chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
         INSERT INTO doc_chunks_fts(rowid, text) VALUES (new.id, new.text);
       END`,
      `CREATE TRIGGER IF NOT EXISTS doc_chunks_fts_ad AFTER DELETE ON doc_chunks BEGIN
         INSERT INTO doc_chunks_fts(doc_chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
       END`,
    ],
    populate: ["INSERT INTO doc_chunks_fts(doc_chunks_fts) VALUES ('rebuild')"],
  },
];
