import {
  type Client,
  type InArgs,
  type InStatement,
  LibsqlBatchError,
  LibsqlError,
  type ResultSet,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";
import { type ChangeCounter, localCounters, sharedCounters } from "./change-counter";
import { Connection, type Synchronous } from "./driver";

/** As many connections as `@libsql/client` opens to a file by default (its `concurrency`). */
const MAX_CONNECTIONS = 20;

/**
 * The embedded database as a `@libsql/client` Client (what drizzle and the write queue take), over our own
 * connections (driver.ts). It behaves as the client's own file client: a small pool where every call borrows a
 * connection for its duration and a transaction holds one until it settles; a connection goes back rolled back
 * if it is still in a transaction; the last one returned is the next one handed out.
 */
export function createEmbeddedClient<G extends string>(
  url: string,
  opts: { synchronous: Synchronous; watch?: Record<G, readonly string[]> },
): EmbeddedClient<G> {
  const path = url.replace(/^file:(\/\/)?/, "").split("?")[0]!;
  // An in-memory database exists only on the connection that opened it.
  const memory = path.includes(":memory:");
  const counterAt = memory ? localCounters() : sharedCountersOrFail(path);
  const changes = {} as Record<G, ChangeCounter>;
  const watch = new Map<string, ChangeCounter>();
  const groups = Object.entries<readonly string[]>(opts.watch ?? ({} as Record<G, readonly string[]>));
  groups.forEach(([group, tables], slot) => {
    const counter = counterAt(slot);
    changes[group as G] = counter;
    for (const table of tables) watch.set(table, counter);
  });
  const open = () =>
    new Connection(memory ? ":memory:" : path, opts.synchronous, watch.size ? watch : undefined);
  const pool = new Pool(open, memory ? 1 : MAX_CONNECTIONS);
  pool.prime();
  return new EmbeddedClient(pool, changes);
}

/**
 * The shared counters. A process that writes the database without them would change accounts, sessions or boxes
 * without telling the processes that keep them in memory, so a file that cannot be made or mapped (permissions, a
 * file system without shared mappings) stops the open with the reason rather than serving stale sessions.
 */
function sharedCountersOrFail(path: string) {
  try {
    return sharedCounters(path);
  } catch (err) {
    throw new Error(
      `Cannot open ${path}-changes, which every process on this database shares (${(err as Error).message}). ` +
        "Give the portal's user read and write access to it, as to the database file.",
    );
  }
}

class Pool {
  #idle: Connection[] = [];
  #borrowed = new Set<Connection>();
  #heldByTransaction = new Set<Connection>();
  #waiters: { resolve: (c: Connection) => void; reject: (err: unknown) => void; forTx: boolean }[] = [];
  closed = false;

  constructor(
    readonly open: () => Connection,
    readonly max: number,
  ) {}

  /** Open the first connection now: fail at once when the database cannot be opened at all. */
  prime() {
    const c = this.open();
    try {
      c.execute("SELECT 1 AS checkThatTheDatabaseCanBeOpened");
    } catch (err) {
      c.close();
      throw err;
    }
    this.#idle.push(c);
  }

  /** A connection: an idle one, a new one below the limit, or the next one released. */
  borrow(forTx: boolean): Promise<Connection> {
    if (this.closed) return Promise.reject(clientClosed());
    if (this.#idle.length === 0 && this.#borrowed.size >= this.max) {
      if (this.#heldByTransaction.size >= this.max) {
        return Promise.reject(
          new LibsqlError(
            `All ${this.max} of this client's connections are held by open transactions. ` +
              "Commit or roll back one before using the client again.",
            "TRANSACTION_ACTIVE",
          ),
        );
      }
      return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject, forTx }));
    }
    try {
      return Promise.resolve(this.#lend(this.#idle.pop() ?? this.open(), forTx));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  #lend(c: Connection, forTx: boolean) {
    this.#borrowed.add(c);
    if (forTx) this.#heldByTransaction.add(c);
    return c;
  }

  /** Give a connection back; never mid-transaction (the next borrower would inherit it). */
  release(c: Connection) {
    this.#borrowed.delete(c);
    this.#heldByTransaction.delete(c);
    if (c.open && c.inTransaction) {
      try {
        c.execute("ROLLBACK");
      } catch {
        c.close(); // unusable: dropped rather than reused
        return;
      }
    }
    if (this.closed || !c.open) return c.close();
    const waiter = this.#waiters.shift();
    if (waiter) waiter.resolve(this.#lend(c, waiter.forTx));
    else this.#idle.push(c);
  }

  close() {
    this.closed = true;
    for (const c of [...this.#idle, ...this.#borrowed]) c.close();
    this.#idle = [];
    this.#borrowed.clear();
    this.#heldByTransaction.clear();
    for (const waiter of this.#waiters.splice(0)) waiter.reject(clientClosed());
  }
}

const clientClosed = () => new LibsqlError("The client is closed", "CLIENT_CLOSED");

function beginFor(mode: TransactionMode) {
  if (mode === "write") return "BEGIN IMMEDIATE";
  if (mode === "read") return "BEGIN TRANSACTION READONLY";
  if (mode === "deferred") return "BEGIN DEFERRED";
  throw new RangeError('Unknown transaction mode, supported values are "write", "read" and "deferred"');
}

const statementOf = (stmt: InStatement | [string, InArgs?]): InStatement =>
  Array.isArray(stmt) ? { sql: stmt[0], args: stmt[1] ?? [] } : stmt;

/** Run statements in order on `c`, each error naming its statement (as the client's batch errors do). */
function runAll(c: Connection, stmts: (InStatement | [string, InArgs?])[], checkOpen: boolean) {
  return stmts.map((stmt, i) => {
    try {
      if (checkOpen && !c.inTransaction) {
        throw new LibsqlBatchError("The transaction has been rolled back", i, "TRANSACTION_CLOSED");
      }
      return c.execute(statementOf(stmt));
    } catch (e) {
      if (e instanceof LibsqlBatchError || !(e instanceof LibsqlError)) throw e;
      const cause = e.cause instanceof Error ? e.cause : undefined;
      throw new LibsqlBatchError(e.message, i, e.code, e.extendedCode, e.rawCode, cause);
    }
  });
}

export class EmbeddedClient<G extends string = string> implements Client {
  closed = false;
  readonly protocol = "file";

  /** `changes`: one counter per group of watched tables, bumped after every committed change by any process. */
  constructor(
    readonly pool: Pool,
    readonly changes: Record<G, ChangeCounter>,
  ) {}

  /** Borrow a connection for one synchronous piece of work. */
  async #with<T>(work: (c: Connection) => T): Promise<T> {
    if (this.closed) throw clientClosed();
    const c = await this.pool.borrow(false);
    try {
      if (this.closed || !c.open) throw clientClosed();
      return work(c);
    } finally {
      this.pool.release(c);
    }
  }

  execute(stmt: InStatement): Promise<ResultSet>;
  execute(sql: string, args?: InArgs): Promise<ResultSet>;
  execute(stmt: InStatement, args?: InArgs) {
    const statement = typeof stmt === "string" ? { sql: stmt, args: args ?? [] } : stmt;
    return this.#with((c) => c.execute(statement));
  }

  batch(stmts: (InStatement | [string, InArgs?])[], mode: TransactionMode = "deferred") {
    return this.#with((c) => {
      c.execute(beginFor(mode));
      const results = runAll(c, stmts, true);
      c.execute("COMMIT");
      return results;
    });
  }

  migrate(stmts: InStatement[]) {
    return this.#with((c) => {
      c.execute("PRAGMA foreign_keys=off");
      try {
        c.execute(beginFor("deferred"));
        const results = runAll(c, stmts, true);
        c.execute("COMMIT");
        return results;
      } finally {
        if (c.inTransaction) c.execute("ROLLBACK");
        c.execute("PRAGMA foreign_keys=on");
      }
    });
  }

  async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    if (this.closed) throw clientClosed();
    const c = await this.pool.borrow(true);
    try {
      if (this.closed || !c.open) throw clientClosed();
      c.execute(beginFor(mode));
    } catch (err) {
      this.pool.release(c);
      throw err;
    }
    return new EmbeddedTransaction(c, () => this.pool.release(c));
  }

  executeMultiple(sql: string) {
    return this.#with((c) => c.executeMultiple(sql));
  }

  async sync(): Promise<undefined> {
    throw new LibsqlError(
      "An embedded database file without a sync URL has nothing to sync.",
      "SYNC_NOT_SUPPORTED",
    );
  }

  reconnect() {
    this.pool.close();
    this.pool.closed = false;
    this.closed = false;
  }

  close() {
    this.closed = true;
    this.pool.close();
  }
}

class EmbeddedTransaction implements Transaction {
  #c: Connection | null;

  constructor(
    c: Connection,
    readonly release: () => void,
  ) {
    this.#c = c;
  }

  /** Hand the connection back (once, whichever way the transaction ends). */
  #settle() {
    if (this.#c === null) return;
    this.#c = null;
    this.release();
  }

  #open(): Connection {
    if (this.#c === null || !this.#c.open || !this.#c.inTransaction) {
      throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
    }
    return this.#c;
  }

  get closed() {
    return this.#c === null || !this.#c.open || !this.#c.inTransaction;
  }

  async execute(stmt: InStatement) {
    return this.#open().execute(stmt);
  }

  async batch(stmts: InStatement[]) {
    return runAll(this.#open(), stmts, false);
  }

  async executeMultiple(sql: string) {
    this.#open().executeMultiple(sql);
  }

  async rollback() {
    const c = this.#c;
    try {
      if (c?.open) this.#open().execute("ROLLBACK");
    } finally {
      this.#settle();
    }
  }

  async commit() {
    try {
      this.#open().execute("COMMIT");
    } finally {
      this.#settle();
    }
  }

  close() {
    const c = this.#c;
    try {
      if (c?.open && c.inTransaction) c.execute("ROLLBACK");
    } finally {
      this.#settle();
    }
  }
}
