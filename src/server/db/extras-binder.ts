import type { DbExtra } from "./extras";

const COLS = "pdf_file, work_order, engineer_initials, billing";
const row = (r: string) => `${r}.id, ${r}.pdf_file, ${r}.work_order, ${r}.engineer_initials, ${r}.billing`;

/**
 * Substring search over the binder (file, work order, initials, billing): a trigram FTS5 index with external
 * content, so "q" of 3+ characters reads the index instead of scanning half a million rows.
 */
export const BINDER_EXTRAS: DbExtra[] = [
  {
    name: "reports binder search",
    marker: "reports_binder_fts_ad",
    create: [
      `CREATE VIRTUAL TABLE IF NOT EXISTS reports_binder_fts USING fts5(${COLS}, content='reports_binder', content_rowid='id', tokenize='trigram')`,
      `CREATE TRIGGER IF NOT EXISTS reports_binder_fts_ai AFTER INSERT ON reports_binder BEGIN
         INSERT INTO reports_binder_fts(rowid, ${COLS}) VALUES (${row("new")});
       END`,
      `CREATE TRIGGER IF NOT EXISTS reports_binder_fts_au AFTER UPDATE ON reports_binder BEGIN
         INSERT INTO reports_binder_fts(reports_binder_fts, rowid, ${COLS}) VALUES ('delete', ${row("old")});
         INSERT INTO reports_binder_fts(rowid, ${COLS}) VALUES (${row("new")});
       END`,
      `CREATE TRIGGER IF NOT EXISTS reports_binder_fts_ad AFTER DELETE ON reports_binder BEGIN
         INSERT INTO reports_binder_fts(reports_binder_fts, rowid, ${COLS}) VALUES ('delete', ${row("old")});
       END`,
    ],
    populate: ["INSERT INTO reports_binder_fts(reports_binder_fts) VALUES ('rebuild')"],
  },
];
