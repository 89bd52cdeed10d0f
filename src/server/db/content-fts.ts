import type { DbExtra } from "./extras";

/**
 * A full-text index over `table`'s `columns` with external content (the text stored once, in the table) kept in
 * step by insert / update / delete triggers, rebuilt from the table when first applied. `updateOf` limits the
 * update trigger to those columns; `options` are FTS5's (tokenizer, prefix indexes).
 */
export function contentFts(opts: {
  name: string;
  table: string;
  columns: string[];
  options: string;
  updateOf?: string[];
}): DbExtra {
  const { table, columns } = opts;
  const fts = `${table}_fts`;
  const cols = columns.join(", ");
  const row = (r: string) => [`${r}.id`, ...columns.map((c) => `${r}.${c}`)].join(", ");
  const updated = opts.updateOf ? ` OF ${opts.updateOf.join(", ")}` : "";
  return {
    name: opts.name,
    marker: `${fts}_ad`,
    create: [
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${fts} USING fts5(${cols}, content='${table}', content_rowid='id', ${opts.options})`,
      `CREATE TRIGGER IF NOT EXISTS ${fts}_ai AFTER INSERT ON ${table} BEGIN
         INSERT INTO ${fts}(rowid, ${cols}) VALUES (${row("new")});
       END`,
      `CREATE TRIGGER IF NOT EXISTS ${fts}_au AFTER UPDATE${updated} ON ${table} BEGIN
         INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', ${row("old")});
         INSERT INTO ${fts}(rowid, ${cols}) VALUES (${row("new")});
       END`,
      `CREATE TRIGGER IF NOT EXISTS ${fts}_ad AFTER DELETE ON ${table} BEGIN
         INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', ${row("old")});
       END`,
    ],
    populate: [`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`],
  };
}
