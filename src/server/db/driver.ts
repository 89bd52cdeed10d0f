import type { InStatement, ResultSet, Row } from "@libsql/client";
import Database from "libsql";
import { EmbeddedResultSet, libsqlError, rowMaker, type SqlArgs, toRow, toSqlArgs } from "./driver-values";

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
