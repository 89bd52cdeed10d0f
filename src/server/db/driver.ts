import Database from "libsql";

/**
 * Three changes to the embedded driver (`libsql`, under `@libsql/client`), made where it opens connections and
 * prepares statements because the client offers no hook for either.
 *
 * 1. A prepared-statement cache. The client prepares every statement anew and asks it for its columns twice per
 *    call; under load that was about a fifth of the server's CPU (SQLite compiling the same few hundred statements
 *    over and over). The last STATEMENT_CACHE_SIZE statements of each connection are kept with their columns, so a
 *    repeated statement is only bound and stepped. Safe because the client uses a statement synchronously (bind,
 *    step to the end, read) and libsql resets it before each run; SQLite re-prepares a statement itself when the
 *    schema changes. The remembered columns are not re-read, so any DDL run in this process (migrations, FTS
 *    rebuilds) empties every cache; a closed connection's cache goes with it (a cached statement would otherwise
 *    keep the connection open).
 *    EXPLAIN statements are the exception: SQLite never halts their program, so once read to the end they stay
 *    "running" until reset, and the connection then keeps every later read transaction open — stale reads, and
 *    SQLITE_BUSY_SNAPSHOT on its next write after another connection's commit. They are not cached, and are
 *    reset after each read (libsql's `get` resets the statement when it returns; the client only calls `all`).
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
 */
export const STATEMENT_CACHE_SIZE = 256;
/** SQLite's busy timeout on every connection (the client's `timeout`), except while taking the write lock. */
export const BUSY_TIMEOUT_MS = 5000;
export type Synchronous = "normal" | "full";

interface Statement {
  columns(): unknown[];
  run(...args: unknown[]): unknown;
  all(...args: unknown[]): unknown[];
  get(...args: unknown[]): unknown;
}
interface Connection {
  readonly inTransaction: boolean;
  prepare(sql: string): Statement;
  exec(sql: string): unknown;
  close(): unknown;
}
interface Cached {
  stmt: Statement;
  generation: number;
}

const DDL = /^\s*(create|drop|alter)\b/i;
const EXPLAIN = /^\s*explain\b/i;
/** Statements that take the write lock when run outside a transaction (see 3. above). */
const TAKES_WRITE_LOCK = /^\s*(begin\s+(immediate|exclusive)|insert|update|delete|replace)\b/i;
const caches = new WeakMap<object, Map<string, Cached>>();
let generation = 0;
let synchronous: Synchronous = "normal";
let installed = false;
const stats = { hits: 0, misses: 0 };

/** Statement cache hits and misses in this process. */
export const statementCacheStats = () => ({ ...stats });

/** Patch the driver once per process; `synchronous` applies to connections opened from now on. */
export function tuneEmbeddedDriver(opts: { synchronous: Synchronous }) {
  synchronous = opts.synchronous;
  if (installed) return;
  const proto = (Database as unknown as { prototype: Connection }).prototype;
  if (typeof proto?.prepare !== "function" || typeof proto.close !== "function") return; // another driver
  installed = true;
  const { prepare, exec, close } = proto;

  proto.prepare = function (this: Connection, sql: string) {
    if (DDL.test(sql)) {
      generation++;
      return prepare.call(this, sql);
    }
    if (EXPLAIN.test(sql)) return resetAfterRead(prepare.call(this, sql));
    let cache = caches.get(this);
    if (!cache) {
      // First statement on a new connection.
      cache = new Map();
      caches.set(this, cache);
      prepare.call(this, `PRAGMA synchronous = ${synchronous === "full" ? "FULL" : "NORMAL"}`).run();
    }
    const hit = cache.get(sql);
    if (hit && hit.generation === generation) {
      stats.hits++;
      // Most recently used last: the Map's insertion order is the eviction order.
      cache.delete(sql);
      cache.set(sql, hit);
      return hit.stmt;
    }
    stats.misses++;
    const stmt = prepare.call(this, sql);
    if (TAKES_WRITE_LOCK.test(sql)) withoutBusyWait(this, stmt);
    const columns = stmt.columns.bind(stmt);
    let known: unknown[] | undefined;
    stmt.columns = () => {
      known ??= columns();
      return known;
    };
    cache.delete(sql);
    cache.set(sql, { stmt, generation });
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return stmt;
  };
  proto.exec = function (this: Connection, sql: string) {
    // Multi-statement scripts (migrations) may change the schema anywhere in them.
    generation++;
    return exec.call(this, sql);
  };
  proto.close = function (this: Connection) {
    caches.delete(this);
    return close.call(this);
  };
}

/** Run `stmt` outside a transaction with a busy timeout of 0 (see 3. above); inside one, as it is. */
function withoutBusyWait(conn: Connection, stmt: Statement) {
  // Through the cache: both PRAGMAs are prepared once per connection.
  const timeout = (ms: number) => conn.prepare(`PRAGMA busy_timeout = ${ms}`);
  for (const method of ["run", "all"] as const) {
    const original = stmt[method].bind(stmt);
    stmt[method] = ((...args: unknown[]) => {
      if (conn.inTransaction) return original(...args);
      timeout(0).run();
      try {
        return original(...args);
      } finally {
        timeout(BUSY_TIMEOUT_MS).run();
      }
    }) as never;
  }
}

/** Leave the statement reset after `all` (see 1. above): `get` runs it once more and resets it on return. */
function resetAfterRead(stmt: Statement): Statement {
  const all = stmt.all.bind(stmt);
  stmt.all = (...args: unknown[]) => {
    try {
      return all(...args);
    } finally {
      try {
        stmt.get(...args);
      } catch {
        // the read itself already failed; its error is the one that matters
      }
    }
  };
  return stmt;
}
