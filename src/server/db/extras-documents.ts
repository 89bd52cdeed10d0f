import { REPORTS_DB } from "@shared/reports";
import type { DbExtra } from "./extras";

/**
 * Where a report page sits in `report_pages_fts`: rowid = document id × REPORT_PAGE_SPAN + page number. A page
 * row has no integer key of its own (its implicit rowid may change on VACUUM), so the key is computed.
 */
export const REPORT_PAGE_SPAN = 1_000_000;

const pageRowid = (row: string) => `${row}.document_id * ${REPORT_PAGE_SPAN} + ${row}.page_no`;
/** The page belongs to a report (its document row is written before its pages, and deleted after them). */
const isReportPage = (row: string) =>
  `${row}.page_no < ${REPORT_PAGE_SPAN} AND (SELECT c.name FROM doc_documents d JOIN doc_collections c ON c.id = d.collection_id WHERE d.id = ${row}.document_id) = '${REPORTS_DB}'`;

/**
 * Full-text index over document chunks (BM25 retrieval for Ask AI, search in the explorer). External content on
 * doc_chunks so the text is stored once; porter stemming so "vested" finds "vesting". Kept in step by triggers,
 * so a document written in one transaction is searchable exactly when it is committed.
 *
 * Report pages have an index of their own (the Reports Indexer's search answers "which page", which chunks that
 * run over a page break cannot say). Contentless: the text stays in doc_pages, the snippet is cut from there.
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
  {
    name: "report page search",
    marker: "report_pages_fts_ad",
    create: [
      `CREATE VIRTUAL TABLE IF NOT EXISTS report_pages_fts USING fts5(text, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`,
      `CREATE TRIGGER IF NOT EXISTS report_pages_fts_ai AFTER INSERT ON doc_pages WHEN ${isReportPage("new")} BEGIN
         INSERT INTO report_pages_fts(rowid, text) VALUES (${pageRowid("new")}, new.text);
       END`,
      `CREATE TRIGGER IF NOT EXISTS report_pages_fts_au AFTER UPDATE OF text ON doc_pages WHEN ${isReportPage("new")} BEGIN
         DELETE FROM report_pages_fts WHERE rowid = ${pageRowid("old")};
         INSERT INTO report_pages_fts(rowid, text) VALUES (${pageRowid("new")}, new.text);
       END`,
      `CREATE TRIGGER IF NOT EXISTS report_pages_fts_ad AFTER DELETE ON doc_pages WHEN ${isReportPage("old")} BEGIN
         DELETE FROM report_pages_fts WHERE rowid = ${pageRowid("old")};
       END`,
    ],
    populate: [
      "DELETE FROM report_pages_fts",
      `INSERT INTO report_pages_fts(rowid, text) SELECT ${pageRowid("p")}, p.text FROM doc_pages p WHERE ${isReportPage("p")}`,
    ],
  },
];
