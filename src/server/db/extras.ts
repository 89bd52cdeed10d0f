import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { BINDER_EXTRAS } from "./extras-binder";
import { CHAT_EXTRAS } from "./extras-chat";
import { DASHBOARD_EXTRAS } from "./extras-dashboard";
import { DOCUMENT_EXTRAS } from "./extras-documents";
import { PROJECT_EXTRAS } from "./extras-projects";

/**
 * Database objects drizzle-kit cannot describe (an FTS5 table, triggers), kept in TypeScript next to the schema
 * and applied after the migrations by applyMigrations(). Each extra is created when its marker object is
 * missing and then filled from the existing rows, in one transaction: a fresh database, an upgraded one and a
 * bulk load that dropped the triggers on purpose (bench/core-boxes.ts) all end up consistent. To change an
 * extra, give its objects new names (the old ones are then dropped in `create`), since presence is the check.
 */
export interface DbExtra {
  name: string;
  /** Name of the object (table or trigger) whose presence means "already applied". */
  marker: string;
  create: string[];
  populate: string[];
}

/**
 * Facet tokens ("i<hex island> y2024 cyes dkeep") let a text search apply the equality filters inside FTS, so a
 * search is counted there without reading rows.
 */
export const facetsSql = (row: string) =>
  `'i' || hex(lower(coalesce(${row}.island, ''))) || ' y' || coalesce(${row}.year, 0) || ' c' || lower(${row}.complete) || ' d' || lower(${row}.keep_or_dump)`;

/** The search table's values for a box (`row` is its alias): rowid, the three text columns, the facets. */
const searchRow = (row: string) =>
  `${row}.id, ${row}.work_order, ${row}.project, ${row}.engineer, ${facetsSql(row)}`;

const SEARCH_TRIGGERS = ["core_boxes_fts_insert", "core_boxes_fts_delete", "core_boxes_fts_update"];
/**
 * Objects of earlier versions, dropped when the current search is created: search triggers whose facets held
 * expiry tokens (and read core_box_expiry_sweep), and the project/engineer values a planner used to keep.
 */
const RETIRED = [
  ...["ai", "ad", "au", "insert", "delete", "update"].map((t) => `TRIGGER core_boxes_search_${t}`),
  ...["box_insert", "box_delete", "box_update_project", "box_update_engineer", "insert", "delete"].map(
    (t) => `TRIGGER core_box_values_${t}`,
  ),
  "TABLE core_box_values_search",
  "TABLE core_box_expiry_sweep",
];

const countKey = (row: string) =>
  `coalesce(${row}.island, ''), coalesce(${row}.year, 0), ${row}.complete, ${row}.keep_or_dump, coalesce(substr(${row}.storage_expiry_date, 1, 7), '')`;
const countMatch = (row: string) =>
  `island = coalesce(${row}.island, '') AND year = coalesce(${row}.year, 0) AND complete = ${row}.complete AND keep_or_dump = ${row}.keep_or_dump AND expiry_month = coalesce(substr(${row}.storage_expiry_date, 1, 7), '')`;
const COUNT_COLUMNS = "island, year, complete, keep_or_dump, expiry_month";
const COUNT_TRIGGERS = ["core_box_counts_ai", "core_box_counts_ad", "core_box_counts_au"];

export const CORE_BOX_EXTRAS: DbExtra[] = [
  {
    name: "core box search",
    marker: "core_boxes_fts_insert",
    create: [
      ...RETIRED.map((object) => `DROP ${object.replace(" ", " IF EXISTS ")}`),
      // Rebuilt whole: its facets changed with the triggers.
      "DROP TABLE IF EXISTS core_boxes_search",
      // Word-prefix search (1-3 letter prefixes indexed) over work order, project and engineer; contentless
      // because the rows are in core_boxes, with contentless_delete so triggers can delete by rowid.
      `CREATE VIRTUAL TABLE core_boxes_search USING fts5(work_order, project, engineer, facets, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3')`,
      `CREATE TRIGGER core_boxes_fts_insert AFTER INSERT ON core_boxes BEGIN
         INSERT INTO core_boxes_search(rowid, work_order, project, engineer, facets) VALUES (${searchRow("new")});
       END`,
      `CREATE TRIGGER core_boxes_fts_delete AFTER DELETE ON core_boxes BEGIN
         DELETE FROM core_boxes_search WHERE rowid = old.id;
       END`,
      `CREATE TRIGGER core_boxes_fts_update AFTER UPDATE OF work_order, project, engineer, island, year, complete, keep_or_dump ON core_boxes BEGIN
         DELETE FROM core_boxes_search WHERE rowid = old.id;
         INSERT INTO core_boxes_search(rowid, work_order, project, engineer, facets) VALUES (${searchRow("new")});
       END`,
    ],
    populate: [
      `INSERT INTO core_boxes_search(rowid, work_order, project, engineer, facets) SELECT ${searchRow("b")} FROM core_boxes b`,
    ],
  },
  {
    name: "core box counts",
    marker: "core_box_counts_ai",
    create: [
      `CREATE TRIGGER IF NOT EXISTS core_box_counts_ai AFTER INSERT ON core_boxes BEGIN
         INSERT INTO core_box_counts(${COUNT_COLUMNS}, n) VALUES (${countKey("new")}, 1)
           ON CONFLICT(${COUNT_COLUMNS}) DO UPDATE SET n = n + 1;
       END`,
      // Rows that reach zero are deleted, so every summary row means "some box": /years and /islands then
      // hop from value to value on an index instead of reading every row.
      `CREATE TRIGGER IF NOT EXISTS core_box_counts_ad AFTER DELETE ON core_boxes BEGIN
         UPDATE core_box_counts SET n = n - 1 WHERE ${countMatch("old")};
         DELETE FROM core_box_counts WHERE ${countMatch("old")} AND n <= 0;
       END`,
      `CREATE TRIGGER IF NOT EXISTS core_box_counts_au AFTER UPDATE OF island, year, complete, keep_or_dump, storage_expiry_date ON core_boxes BEGIN
         UPDATE core_box_counts SET n = n - 1 WHERE ${countMatch("old")};
         DELETE FROM core_box_counts WHERE ${countMatch("old")} AND n <= 0;
         INSERT INTO core_box_counts(${COUNT_COLUMNS}, n) VALUES (${countKey("new")}, 1)
           ON CONFLICT(${COUNT_COLUMNS}) DO UPDATE SET n = n + 1;
       END`,
    ],
    populate: [
      "DELETE FROM core_box_counts",
      `INSERT INTO core_box_counts(${COUNT_COLUMNS}, n)
         SELECT ${countKey("b")}, count(*) FROM core_boxes b GROUP BY 1, 2, 3, 4, 5`,
    ],
  },
];

export const DB_EXTRAS: DbExtra[] = [
  ...CORE_BOX_EXTRAS,
  ...BINDER_EXTRAS,
  ...DOCUMENT_EXTRAS,
  ...CHAT_EXTRAS,
  ...DASHBOARD_EXTRAS,
  ...PROJECT_EXTRAS,
];

/** Create and fill every missing extra (idempotent; a few milliseconds when all are present). */
export async function applyExtras(db: Db, extras: DbExtra[] = DB_EXTRAS) {
  for (const extra of extras) {
    await db.transaction(async (tx) => {
      const found = await tx.all<{ name: string }>(
        sql`SELECT name FROM sqlite_master WHERE name = ${extra.marker}`,
      );
      if (found.length) return;
      for (const statement of [...extra.create, ...extra.populate]) await tx.run(sql.raw(statement));
    });
  }
}

/** Drop the triggers and search table so a bulk load runs fast; applyExtras() rebuilds them after. */
export async function dropExtras(db: Db) {
  for (const name of [...SEARCH_TRIGGERS, ...COUNT_TRIGGERS])
    await db.run(sql.raw(`DROP TRIGGER IF EXISTS ${name}`));
  await db.run(sql.raw("DROP TABLE IF EXISTS core_boxes_search"));
}
