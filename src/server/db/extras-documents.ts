import { REPORTS_DB } from "@shared/reports";
import { contentFts } from "./content-fts";
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
 * A report's work order as FTS tokens, one per prefix ("1234-56A" → the tokens of "1", "12", … "1234-56A"),
 * so a W.O. prefix filter is one more term of the MATCH (the index intersects it with the words) instead of
 * a join to doc_documents for every hit. Hex keeps any character and leaves nothing for the porter stemmer
 * to change; the trailing "0" keeps a token from ending in a letter the stemmer would strip.
 */
export const WORK_ORDER_TOKENS = 8;
export const woToken = (prefix: string) =>
  `w${Buffer.from(prefix.toUpperCase(), "utf8").toString("hex").toLowerCase()}0`;
const woTokensSql = (x: string) =>
  `coalesce(${Array.from(
    { length: WORK_ORDER_TOKENS },
    (_, i) =>
      `CASE WHEN length(${x}) > ${i} THEN 'w' || lower(substr(hex(${x}), 1, ${2 * (i + 1)})) || '0 ' ELSE '' END`,
  ).join(" || ")}, '')`;
const pageWo = (row: string) =>
  `(SELECT ${woTokensSql("upper(d.work_order)")} FROM doc_documents d WHERE d.id = ${row}.document_id)`;

/**
 * Full-text index over document chunks (BM25 retrieval for Ask AI, search in the explorer). External content on
 * doc_chunks so the text is stored once; porter stemming so "vested" finds "vesting". Kept in step by triggers,
 * so a document written in one transaction is searchable exactly when it is committed.
 *
 * Report pages have an index of their own (the Reports Indexer's search answers "which page", which chunks that
 * run over a page break cannot say). Contentless: the text stays in doc_pages, the snippet is cut from there.
 * Its second column holds the work-order tokens (woToken); the ranking gives that column no weight.
 */
export const DOCUMENT_EXTRAS: DbExtra[] = [
  contentFts({
    name: "document chunk search",
    table: "doc_chunks",
    columns: ["text"],
    options: "tokenize='porter unicode61 remove_diacritics 2'",
    updateOf: ["text"],
  }),
  {
    name: "report page search",
    marker: "report_pages_fts_wo_ad",
    create: [
      // The first version had no work-order column: rebuilt whole.
      ...["ai", "au", "ad"].map((t) => `DROP TRIGGER IF EXISTS report_pages_fts_${t}`),
      "DROP TABLE IF EXISTS report_pages_fts",
      `CREATE VIRTUAL TABLE report_pages_fts USING fts5(text, wo, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`,
      `CREATE TRIGGER report_pages_fts_wo_ai AFTER INSERT ON doc_pages WHEN ${isReportPage("new")} BEGIN
         INSERT INTO report_pages_fts(rowid, text, wo) VALUES (${pageRowid("new")}, new.text, ${pageWo("new")});
       END`,
      `CREATE TRIGGER report_pages_fts_wo_au AFTER UPDATE OF text ON doc_pages WHEN ${isReportPage("new")} BEGIN
         DELETE FROM report_pages_fts WHERE rowid = ${pageRowid("old")};
         INSERT INTO report_pages_fts(rowid, text, wo) VALUES (${pageRowid("new")}, new.text, ${pageWo("new")});
       END`,
      `CREATE TRIGGER report_pages_fts_wo_ad AFTER DELETE ON doc_pages WHEN ${isReportPage("old")} BEGIN
         DELETE FROM report_pages_fts WHERE rowid = ${pageRowid("old")};
       END`,
      // A report whose work order changes: its pages' rows again, with the new work-order tokens.
      `CREATE TRIGGER report_pages_fts_wo_du AFTER UPDATE OF work_order ON doc_documents
       WHEN new.work_order IS NOT old.work_order AND (SELECT name FROM doc_collections WHERE id = new.collection_id) = '${REPORTS_DB}' BEGIN
         DELETE FROM report_pages_fts WHERE rowid IN (SELECT ${pageRowid("p")} FROM doc_pages p WHERE p.document_id = new.id AND p.page_no < ${REPORT_PAGE_SPAN});
         INSERT INTO report_pages_fts(rowid, text, wo) SELECT ${pageRowid("p")}, p.text, ${woTokensSql("upper(new.work_order)")} FROM doc_pages p WHERE p.document_id = new.id AND p.page_no < ${REPORT_PAGE_SPAN};
       END`,
    ],
    populate: [
      `INSERT INTO report_pages_fts(rowid, text, wo) SELECT ${pageRowid("p")}, p.text, ${pageWo("p")} FROM doc_pages p WHERE ${isReportPage("p")}`,
    ],
  },
];
