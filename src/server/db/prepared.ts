import type { DbOrTx } from "./client";

/**
 * A query built once per database handle and then run with placeholders (`sql.placeholder`). Drizzle otherwise
 * turns its query objects into SQL text on every call: on the paths every screen polls (the dashboard's KPIs,
 * say) that cost two to three times what SQLite spends running the statement.
 */
export function preparedPer<D extends DbOrTx, Q>(build: (db: D) => Q): (db: D) => Q {
  const built = new WeakMap<object, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
