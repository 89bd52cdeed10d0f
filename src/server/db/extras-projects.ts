import type { DbExtra } from "./extras";

const COLS = "work_order, client, project";
const row = (r: string) => `${r}.id, ${r}.work_order, ${r}.client, ${r}.project`;

/**
 * Word-prefix search over the project register's client and project names (the one search and the Work Orders
 * finder): "kapolei sch" finds "Kapolei Middle School" without reading the register's lines. Numbers go
 * through the work-order key's unique index instead. External content, so the text is stored once.
 */
export const PROJECT_EXTRAS: DbExtra[] = [
  {
    name: "project register search",
    marker: "projects_fts_ad",
    create: [
      `CREATE VIRTUAL TABLE IF NOT EXISTS projects_fts USING fts5(${COLS}, content='projects', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
      `CREATE TRIGGER IF NOT EXISTS projects_fts_ai AFTER INSERT ON projects BEGIN
         INSERT INTO projects_fts(rowid, ${COLS}) VALUES (${row("new")});
       END`,
      `CREATE TRIGGER IF NOT EXISTS projects_fts_au AFTER UPDATE ON projects BEGIN
         INSERT INTO projects_fts(projects_fts, rowid, ${COLS}) VALUES ('delete', ${row("old")});
         INSERT INTO projects_fts(rowid, ${COLS}) VALUES (${row("new")});
       END`,
      `CREATE TRIGGER IF NOT EXISTS projects_fts_ad AFTER DELETE ON projects BEGIN
         INSERT INTO projects_fts(projects_fts, rowid, ${COLS}) VALUES ('delete', ${row("old")});
       END`,
    ],
    populate: ["INSERT INTO projects_fts(projects_fts) VALUES ('rebuild')"],
  },
];
