import type { InArgs, InStatement, InValue, ResultSet, Row, Value } from "@libsql/client";
import { LibsqlError } from "@libsql/client";
import Database from "libsql";

/**
 * One connection of the embedded database: libsql's `Database`, used only through its public API, with three
 * changes the client (`@libsql/client`) has no hook for. The client's embedded connections are its own, so we
 * open ours (embedded-client.ts serves the client's interface over them) instead of patching libsql's classes:
 * a libsql or client upgrade that moves what we use fails type-checking here, never drops these silently.
 *
 * 1. A prepared-statement cache. The client prepares every statement anew and asks it for its columns twice per
 *    call; under load that was about a fifth of the server's CPU (SQLite compiling the same few hundred statements
 *    over and over). The last STATEMENT_CACHE_SIZE statements of each connection are kept with their columns, so a
 *    repeated statement is only bound and stepped. Safe because a statement is used synchronously (bind, step to
 *    the end, read) and libsql resets it before each run; SQLite re-prepares a statement itself when the schema
 *    changes. The remembered columns are not re-read, so any DDL run in this process (migrations, FTS rebuilds)
 *    empties every cache; a closed connection's cache goes with it.
 *    EXPLAIN statements are the exception: SQLite never halts their program, so once read to the end they stay
 *    "running" until reset, and the connection then keeps every later read transaction open — stale reads, and
 *    SQLITE_BUSY_SNAPSHOT on its next write after another connection's commit. They are not cached, and are
 *    reset after each read (libsql's `get` resets the statement when it returns).
 * 2. `PRAGMA synchronous` on every new connection (it is per connection, not stored in the file). With WAL,
 *    NORMAL does not fsync on each commit, only at checkpoints: a commit costs microseconds instead of a
 *    blocking fsync (5 ms and more on a busy disk, on the only thread). A process crash loses nothing; a power
 *    cut or OS crash may roll back the last transactions before the last checkpoint, never corrupts.
 * 3. Taking the write lock does not wait in SQLite's busy handler. `BEGIN IMMEDIATE` and a write outside a
 *    transaction run with a busy timeout of 0: when another process holds the lock they fail at once with
 *    SQLITE_BUSY (nothing done), and the write queue (write-queue.ts) tries again after an asynchronous pause.
 *    SQLite's handler sleeps on the only thread (1, 2, 5, 10 ms… between tries): with several processes on one
 *    database, one blocked for up to 40 ms at a time while the other held the lock for a millisecond, and every
 *    request it was serving waited too. Statements inside a transaction keep the normal timeout.
 * 4. Watched tables (`Watch`): after a change to one of them is committed (a write outside a transaction, or the
 *    end of the transaction that made it), the connection bumps a counter, so what is kept in memory from those
 *    tables (the session cache, auth/session-cache.ts) is forgotten at once in every process on the database.
 */
export const STATEMENT_CACHE_SIZE = 256;
/** SQLite's busy timeout on every connection, except while taking the write lock. */
export const BUSY_TIMEOUT_MS = 5000;
export type Synchronous = "normal" | "full";

type Statement = Database.Statement;
interface Prepared {
  stmt: Statement;
  /** Returns rows (then `columns` are its result columns), or only changes. */
  reader: boolean;
  columns: string[];
  columnTypes: string[];
  takesWriteLock: boolean;
  generation: number;
  /** A result row of this statement as the client gives it (rowMaker). */
  toRow: (values: unknown[]) => Row;
}

const DDL = /^\s*(create|drop|alter)\b/i;
const EXPLAIN = /^\s*explain\b/i;
/** Statements that take the write lock when run outside a transaction (see 3. above). */
const TAKES_WRITE_LOCK = /^\s*(begin\s+(immediate|exclusive)|insert|update|delete|replace)\b/i;
/** Bumped by every schema change in this process: cached statements of an older generation are prepared again. */
let generation = 0;
const stats = { hits: 0, misses: 0 };
/** The table a write statement changes (drizzle quotes names; hand-written SQL may not). */
const WRITTEN_TABLE =
  /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+["`[]?(\w+)/i;

/** Each watched table and the counter its committed changes bump. */
export type Watch = ReadonlyMap<string, { bump(): void }>;

/** Statement cache hits and misses in this process. */
export const statementCacheStats = () => ({ ...stats });

export class Connection {
  readonly #db: Database.Database;
  readonly #cache = new Map<string, Prepared>();
  readonly #watch: Watch | undefined;
  /** Counters of watched tables this connection changed, the change not yet known to be committed. */
  readonly #pending = new Set<{ bump(): void }>();

  constructor(path: string, synchronous: Synchronous, watch?: Watch) {
    this.#watch = watch;
    this.#db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
    this.#db.exec(`PRAGMA synchronous = ${synchronous === "full" ? "FULL" : "NORMAL"}`);
  }

  get open() {
    return this.#db.open;
  }

  get inTransaction() {
    return this.#db.inTransaction;
  }

  /** Run one statement to the end (the client's `execute` on this connection). */
  execute(stmt: InStatement): ResultSet {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    const args = typeof stmt === "string" ? [] : toSqlArgs(stmt.args ?? []);
    try {
      if (EXPLAIN.test(sql)) return this.#explain(sql, args);
      const p = this.#prepare(sql);
      if (!p.takesWriteLock || this.#db.inTransaction) return this.#run(p, args);
      this.#busyTimeout(0);
      try {
        return this.#run(p, args);
      } finally {
        this.#busyTimeout(BUSY_TIMEOUT_MS);
      }
    } catch (err) {
      throw libsqlError(err);
    } finally {
      if (this.#watch) this.#noteWatched(sql);
    }
  }

  /** After a statement: remember a watched change, and bump the counter once it is committed (or rolled back). */
  #noteWatched(sql: string) {
    const table = WRITTEN_TABLE.exec(sql)?.[1]?.toLowerCase();
    const counter = table ? this.#watch!.get(table) : undefined;
    if (counter) this.#pending.add(counter);
    this.#flushWatched();
  }

  #flushWatched() {
    if (!this.#pending.size || this.#db.inTransaction) return;
    for (const c of this.#pending) c.bump();
    this.#pending.clear();
  }

  /** Several statements in one string (migrations): they may change the schema anywhere in them. */
  executeMultiple(sql: string) {
    generation++;
    try {
      this.#db.exec(sql);
    } catch (err) {
      throw libsqlError(err);
    } finally {
      // Migrations and restores may change anything, watched tables included (bumped at commit when in one).
      if (this.#watch) for (const c of this.#watch.values()) this.#pending.add(c);
      this.#flushWatched();
    }
  }

  close() {
    this.#cache.clear();
    if (this.#db.open) this.#db.close();
  }

  #prepare(sql: string): Prepared {
    if (DDL.test(sql)) generation++;
    const hit = this.#cache.get(sql);
    // Most recently used last: the Map's insertion order is the eviction order.
    this.#cache.delete(sql);
    if (hit && hit.generation === generation) {
      stats.hits++;
      this.#cache.set(sql, hit);
      return hit;
    }
    stats.misses++;
    const prepared = describe(this.#db.prepare(sql), TAKES_WRITE_LOCK.test(sql));
    if (!DDL.test(sql)) this.#cache.set(sql, prepared);
    if (this.#cache.size > STATEMENT_CACHE_SIZE) this.#cache.delete(this.#cache.keys().next().value!);
    return prepared;
  }

  #run(p: Prepared, args: SqlArgs): ResultSet {
    if (p.reader) {
      const rows = p.stmt.all(args) as unknown[][];
      const out = new Array<Row>(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = p.toRow(rows[i]!);
      return new EmbeddedResultSet(p.columns, p.columnTypes, out, 0, undefined);
    }
    const info = p.stmt.run(args);
    return new EmbeddedResultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
  }

  #explain(sql: string, args: SqlArgs): ResultSet {
    const p = describe(this.#db.prepare(sql), false);
    try {
      return this.#run(p, args);
    } finally {
      try {
        p.stmt.get(args);
      } catch {
        // the read itself already failed; its error is the one that matters
      }
    }
  }

  #busyTimeout(ms: number) {
    // Through the cache: both PRAGMAs are prepared once per connection.
    this.#prepare(`PRAGMA busy_timeout = ${ms}`).stmt.run();
  }
}

function describe(stmt: Statement, takesWriteLock: boolean): Prepared {
  stmt.safeIntegers(true);
  let reader = true;
  try {
    stmt.raw(true);
  } catch {
    // raw() refuses a statement that returns no data
    reader = false;
  }
  const columns = reader ? stmt.columns() : [];
  const names = columns.map((c) => c.name);
  return {
    stmt,
    reader,
    columns: names,
    columnTypes: columns.map((c) => c.type ?? ""),
    takesWriteLock,
    generation,
    toRow: reader ? rowMaker(names) : (values) => toRow(values, names),
  };
}

type SqlArgs = unknown[] | Record<string, unknown>;

/** Arguments as the client converts them: booleans and dates as numbers, ArrayBuffers as Buffers. */
function toSqlArgs(args: InArgs): SqlArgs {
  if (Array.isArray(args)) return args.map(toSqlValue);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    named[/^[@$:]/.test(name) ? name.slice(1) : name] = toSqlValue(value);
  }
  return named;
}

function toSqlValue(value: InValue): unknown {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

/**
 * How a statement's rows are built, made once per prepared statement: a class whose constructor sets each
 * column by name (enumerable own properties, in column order, one shape for every row) and whose prototype
 * answers the indexes and `length` (not enumerated), so `row[i]`, `row.name`, `Array.prototype.slice.call(row)`
 * and `Object.keys(row)` read as the client's rows do. Two `defineProperty` calls per value cost more than the
 * SQLite read of the row. Column names a class cannot carry as plain properties (a repeated name, whose index
 * must still see its own value, an index-like name, `length`, `__proto__`) keep the general row below.
 */
function rowMaker(columns: string[]): (values: unknown[]) => Row {
  const plain =
    new Set(columns).size === columns.length &&
    columns.every((c) => c !== "length" && c !== "__proto__" && !/^(0|[1-9]\d*)$/.test(c));
  if (!plain) return (values) => toRow(values, columns);
  const sets = columns.map((c, i) => `this[${JSON.stringify(c)}] = from(v[${i}]);`).join("\n");
  const Made = new Function("from", `return class Row { constructor(v) {\n${sets}\n} }`)(
    fromSqlValue,
  ) as new (
    values: unknown[],
  ) => Row;
  const proto = Made.prototype as Record<string, unknown>;
  Object.defineProperty(proto, "length", { value: columns.length });
  columns.forEach((c, i) => {
    Object.defineProperty(proto, i, {
      get(this: Record<string, unknown>) {
        return this[c];
      },
    });
  });
  return (values) => new Made(values);
}

/** A row as the client gives it: values by index (not enumerated) and by column name. */
function toRow(values: unknown[], columns: string[]): Row {
  const row = {} as Row;
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; i++) {
    const value = fromSqlValue(values[i]);
    Object.defineProperty(row, i, { value });
    const column = columns[i]!;
    if (!Object.hasOwn(row, column)) {
      Object.defineProperty(row, column, { value, enumerable: true, configurable: true, writable: true });
    }
  }
  return row;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function fromSqlValue(value: unknown): Value {
  if (typeof value === "bigint") {
    if (value < MIN_SAFE || value > MAX_SAFE) {
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    }
    return Number(value);
  }
  if (value instanceof Buffer) return value.buffer as ArrayBuffer;
  return value as Value;
}

class EmbeddedResultSet implements ResultSet {
  constructor(
    readonly columns: string[],
    readonly columnTypes: string[],
    readonly rows: Row[],
    readonly rowsAffected: number,
    readonly lastInsertRowid: bigint | undefined,
  ) {}

  toJSON() {
    const json = (v: Value) =>
      typeof v === "bigint" ? `${v}` : v instanceof ArrayBuffer ? Buffer.from(v).toString("base64") : v;
    return {
      columns: this.columns,
      columnTypes: this.columnTypes,
      rows: this.rows.map((row) => Array.prototype.map.call(row, json)),
      rowsAffected: this.rowsAffected,
      lastInsertRowid: this.lastInsertRowid === undefined ? null : `${this.lastInsertRowid}`,
    };
  }
}

const BASE_CODES: Record<number, string> = {
  1: "SQLITE_ERROR",
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  12: "SQLITE_NOTFOUND",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  16: "SQLITE_EMPTY",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  22: "SQLITE_NOLFS",
  23: "SQLITE_AUTH",
  24: "SQLITE_FORMAT",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB",
  27: "SQLITE_NOTICE",
  28: "SQLITE_WARNING",
};

/** SQLite's errors as the client reports them: `code` the base code, `extendedCode` libsql's own. */
function libsqlError(err: unknown): unknown {
  if (!(err instanceof Database.SqliteError)) return err;
  const base = err.rawCode === undefined ? undefined : err.rawCode & 0xff;
  const code = base === undefined ? "SQLITE_UNKNOWN" : (BASE_CODES[base] ?? `SQLITE_UNKNOWN_${base}`);
  return new LibsqlError(err.message, code, err.code, err.rawCode, err);
}
