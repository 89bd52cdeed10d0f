import Database from "libsql";

/**
 * Two changes to the embedded driver (`libsql`, under `@libsql/client`), made where it opens connections and
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
 */
export const STATEMENT_CACHE_SIZE = 256;
export type Synchronous = "normal" | "full";

interface Statement {
  columns(): unknown[];
  run(...args: unknown[]): unknown;
  all(...args: unknown[]): unknown[];
  get(...args: unknown[]): unknown;
}
interface Connection {
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
