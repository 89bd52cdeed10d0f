import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { BINDER_EXTRAS } from "./extras-binder";
import { CHAT_EXTRAS } from "./extras-chat";
import { DASHBOARD_EXTRAS } from "./extras-dashboard";
import { DOCUMENT_EXTRAS } from "./extras-documents";
import { CORE_BOX_VALUE_FIELDS } from "./schema/core-boxes";

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
 * Facet tokens ("i<hex island> y2024 cyes dkeep ey2026 em202611 xl") let a text search apply the equality
 * filters and the expired flag inside FTS. "xl" (live) marks a box not expired on the day in
 * core_box_expiry_sweep: the sweep (domains/core-boxes/expiry-tokens.ts) moves that day forward and takes the
 * token off the boxes that expired in between, so on the sweep's day the expired hits are "words NOT xl": one short list.
 * The expiry year and month tokens count the expired boxes on any other day.
 */
export const facetsSql = (row: string) =>
  `'i' || hex(lower(coalesce(${row}.island, ''))) || ' y' || coalesce(${row}.year, 0) || ' c' || lower(${row}.complete) || ' d' || lower(${row}.keep_or_dump) || ' ey' || coalesce(substr(${row}.storage_expiry_date, 1, 4), 'none') || ' em' || coalesce(substr(${row}.storage_expiry_date, 1, 4) || substr(${row}.storage_expiry_date, 6, 2), 'none') || CASE WHEN ${row}.storage_expiry_date IS NULL OR ${row}.storage_expiry_date >= (SELECT day FROM core_box_expiry_sweep WHERE id = 1) THEN ' xl' ELSE '' END`;

/** The search table's values for a box (`row` is its alias): rowid, the three text columns, the facets. */
export const searchRow = (row: string) =>
  `${row}.id, ${row}.work_order, ${row}.project, ${row}.engineer, ${facetsSql(row)}`;

/** Trigger names of earlier versions of the search extra, dropped when the current one is created. */
const OLD_SEARCH_TRIGGERS = ["core_boxes_search_ai", "core_boxes_search_ad", "core_boxes_search_au"];
const SEARCH_TRIGGERS = ["core_boxes_search_insert", "core_boxes_search_delete", "core_boxes_search_update"];

const countKey = (row: string) =>
  `coalesce(${row}.island, ''), coalesce(${row}.year, 0), ${row}.complete, ${row}.keep_or_dump, coalesce(substr(${row}.storage_expiry_date, 1, 7), '')`;
const countMatch = (row: string) =>
  `island = coalesce(${row}.island, '') AND year = coalesce(${row}.year, 0) AND complete = ${row}.complete AND keep_or_dump = ${row}.keep_or_dump AND expiry_month = coalesce(substr(${row}.storage_expiry_date, 1, 7), '')`;
const COUNT_COLUMNS = "island, year, complete, keep_or_dump, expiry_month";

const valueAdded = (field: string, row: string) =>
  `INSERT INTO core_box_values(field, value, n) VALUES ('${field}', ${row}.${field}, 1) ON CONFLICT(field, value) DO UPDATE SET n = n + 1;`;
// A value no box holds any more is deleted (and so leaves the values' search).
const valueRemoved = (field: string, row: string) =>
  `UPDATE core_box_values SET n = n - 1 WHERE field = '${field}' AND value = ${row}.${field};
         DELETE FROM core_box_values WHERE field = '${field}' AND value = ${row}.${field} AND n <= 0;`;

export const CORE_BOX_EXTRAS: DbExtra[] = [
  {
    name: "core box search",
    marker: "core_boxes_search_insert",
    create: [
      ...OLD_SEARCH_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS ${name}`),
      // Word-prefix search (1-3 letter prefixes indexed) over work order, project and engineer; contentless
      // because the rows are in core_boxes, with contentless_delete so triggers can delete by rowid.
      `CREATE VIRTUAL TABLE IF NOT EXISTS core_boxes_search USING fts5(work_order, project, engineer, facets, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3')`,
      // The day the "xl" facet tokens are true on (one row).
      "CREATE TABLE IF NOT EXISTS core_box_expiry_sweep (id INTEGER PRIMARY KEY CHECK (id = 1), day TEXT NOT NULL)",
      `CREATE TRIGGER IF NOT EXISTS core_boxes_search_insert AFTER INSERT ON core_boxes BEGIN
         INSERT INTO core_boxes_search(rowid, work_order, project, engineer, facets) VALUES (${searchRow("new")});
       END`,
      `CREATE TRIGGER IF NOT EXISTS core_boxes_search_delete AFTER DELETE ON core_boxes BEGIN
         DELETE FROM core_boxes_search WHERE rowid = old.id;
       END`,
      `CREATE TRIGGER IF NOT EXISTS core_boxes_search_update AFTER UPDATE ON core_boxes BEGIN
         DELETE FROM core_boxes_search WHERE rowid = old.id;
         INSERT INTO core_boxes_search(rowid, work_order, project, engineer, facets) VALUES (${searchRow("new")});
       END`,
    ],
    populate: [
      // Today in the server's time zone, as todayIso() gives it to the list (the first sweep corrects it if not).
      `INSERT INTO core_box_expiry_sweep (id, day) VALUES (1, date('now', 'localtime'))
         ON CONFLICT (id) DO UPDATE SET day = excluded.day`,
      "DELETE FROM core_boxes_search",
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
  {
    name: "core box values",
    marker: "core_box_values_box_insert",
    create: [
      // The values' words, cut like the box search's (its project and engineer columns) so "holds the word"
      // means the same in both; contentless, the values are in core_box_values.
      `CREATE VIRTUAL TABLE IF NOT EXISTS core_box_values_search USING fts5(value, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3')`,
      `CREATE TRIGGER IF NOT EXISTS core_box_values_insert AFTER INSERT ON core_box_values BEGIN
         INSERT INTO core_box_values_search(rowid, value) VALUES (new.id, new.value);
       END`,
      `CREATE TRIGGER IF NOT EXISTS core_box_values_delete AFTER DELETE ON core_box_values BEGIN
         DELETE FROM core_box_values_search WHERE rowid = old.id;
       END`,
      `CREATE TRIGGER IF NOT EXISTS core_box_values_box_insert AFTER INSERT ON core_boxes BEGIN
         ${CORE_BOX_VALUE_FIELDS.map((c) => valueAdded(c, "new")).join("\n         ")}
       END`,
      `CREATE TRIGGER IF NOT EXISTS core_box_values_box_delete AFTER DELETE ON core_boxes BEGIN
         ${CORE_BOX_VALUE_FIELDS.map((c) => valueRemoved(c, "old")).join("\n         ")}
       END`,
      // One trigger per column, run only when it changed: an edit of the dates leaves the values alone.
      ...CORE_BOX_VALUE_FIELDS.map(
        (
          c,
        ) => `CREATE TRIGGER IF NOT EXISTS core_box_values_box_update_${c} AFTER UPDATE OF ${c} ON core_boxes WHEN old.${c} IS NOT new.${c} BEGIN
         ${valueRemoved(c, "old")}
         ${valueAdded(c, "new")}
       END`,
      ),
    ],
    populate: [
      "DELETE FROM core_box_values",
      ...CORE_BOX_VALUE_FIELDS.map(
        (c) =>
          `INSERT INTO core_box_values(field, value, n) SELECT '${c}', ${c}, count(*) FROM core_boxes GROUP BY ${c}`,
      ),
    ],
  },
];

export const DB_EXTRAS: DbExtra[] = [
  ...CORE_BOX_EXTRAS,
  ...BINDER_EXTRAS,
  ...DOCUMENT_EXTRAS,
  ...CHAT_EXTRAS,
  ...DASHBOARD_EXTRAS,
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
  for (const name of [...OLD_SEARCH_TRIGGERS, ...SEARCH_TRIGGERS]) {
    await db.run(sql.raw(`DROP TRIGGER IF EXISTS ${name}`));
  }
  for (const name of [
    "core_box_counts_ai",
    "core_box_counts_ad",
    "core_box_counts_au",
    "core_box_values_box_insert",
    "core_box_values_box_delete",
    ...CORE_BOX_VALUE_FIELDS.map((c) => `core_box_values_box_update_${c}`),
  ]) {
    await db.run(sql.raw(`DROP TRIGGER IF EXISTS ${name}`));
  }
  await db.run(sql.raw("DROP TABLE IF EXISTS core_boxes_search"));
  await db.run(sql.raw("DROP TABLE IF EXISTS core_box_expiry_sweep"));
}
