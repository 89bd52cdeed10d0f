import type { Client, InArgs, InStatement, Transaction, TransactionMode } from "@libsql/client";

/** As long as SQLite's own busy timeout: past it, a write goes ahead and meets SQLITE_BUSY as it would have. */
export const WRITE_WAIT_MS = 5000;

const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter|vacuum|reindex|analyze)\b/i;
const sqlOf = (stmt: InStatement) => (typeof stmt === "string" ? stmt : stmt.sql);
const batchSql = (stmt: InStatement | [string, InArgs?]) => (Array.isArray(stmt) ? stmt[0] : sqlOf(stmt));
export const isBusy = (err: unknown) =>
  String((err as { code?: unknown })?.code ?? "").startsWith("SQLITE_BUSY");

/**
 * Run `take` (a statement that takes the write lock first thing) until it is not refused for SQLITE_BUSY: the
 * embedded driver does not wait for another process's lock on the thread (driver.ts, 3.), so we wait here,
 * between tries, while the process serves other requests. A refused try did nothing. Gives up with the last
 * refusal after `waitMs`, as SQLite's busy timeout would.
 */
export function withWriteLock<T>(take: () => Promise<T>, waitMs = WRITE_WAIT_MS): Promise<T> {
  // Another process's write lock is held for a millisecond or so: try again soon.
  return retryWhile(isBusy, take, waitMs, 1);
}

/** Run `take` again, `pauseMs` apart, while it fails with an error `retryable` accepts, for at most `waitMs`. */
export async function retryWhile<T>(
  retryable: (err: unknown) => boolean,
  take: () => Promise<T>,
  waitMs: number,
  pauseMs: number,
): Promise<T> {
  const started = performance.now();
  for (;;) {
    try {
      return await take();
    } catch (err) {
      if (!retryable(err) || performance.now() - started > waitMs) throw err;
    }
    await Bun.sleep(pauseMs);
  }
}

/**
 * One writer at a time per process, in JavaScript. The embedded driver runs SQLite synchronously on several
 * connections: a write on one connection while a transaction on another is open (awaiting between statements)
 * waits in SQLite's busy handler on the only thread, so the transaction can never finish — the whole process
 * froze for the 5 s busy timeout and the write failed (seen: a sign-in during a core box save). Transactions and
 * plain write statements therefore take turns here; reads never wait (WAL). Another process's lock is waited for
 * between tries, without blocking the thread (withWriteLock). A turn is waited for at most WRITE_WAIT_MS, so a
 * write issued from inside a transaction on the wrong handle (db instead of tx) fails as before instead of
 * waiting forever. A batch that writes (all its statements in one call, no await between them) takes its turn as
 * a transaction does.
 */
export function serializeWrites(client: Client) {
  let tail: Promise<void> = Promise.resolve();
  /** Wait for the previous writer (bounded); returns the release of this turn. */
  const turn = async () => {
    const previous = tail;
    let release!: () => void;
    tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([previous, new Promise((resolve) => (timer = setTimeout(resolve, WRITE_WAIT_MS)))]);
    clearTimeout(timer);
    return release;
  };

  const execute = client.execute.bind(client) as (
    stmt: InStatement,
    args?: unknown,
  ) => ReturnType<Client["execute"]>;
  client.execute = (async (stmt: InStatement, args?: unknown) => {
    if (!WRITE.test(sqlOf(stmt))) return execute(stmt, args);
    const release = await turn();
    try {
      return await withWriteLock(() => execute(stmt, args));
    } finally {
      release();
    }
  }) as Client["execute"];

  // A batch that writes is a write transaction run in one synchronous call: it takes its turn like one, and takes
  // the write lock first thing (a deferred one would wait for it in SQLite's busy handler, on the only thread).
  // A batch that only reads goes through as it is.
  const batch = client.batch.bind(client);
  client.batch = (async (stmts: (InStatement | [string, InArgs?])[], mode?: TransactionMode) => {
    const writes = mode === "write" || (mode !== "read" && stmts.some((s) => WRITE.test(batchSql(s))));
    if (!writes) return batch(stmts, mode);
    const release = await turn();
    try {
      return await withWriteLock(() => batch(stmts, "write"));
    } finally {
      release();
    }
  }) as Client["batch"];

  const transaction = client.transaction.bind(client);
  client.transaction = (async (mode?: TransactionMode) => {
    if (mode === "read") return transaction(mode);
    const release = await turn();
    let tx: Transaction;
    try {
      tx = await withWriteLock(() => transaction(mode));
    } catch (err) {
      release();
      throw err;
    }
    for (const end of ["commit", "rollback", "close"] as const) {
      const original = tx[end].bind(tx) as () => unknown;
      (tx as unknown as Record<string, () => unknown>)[end] = () => {
        let result: unknown;
        try {
          result = original();
        } catch (err) {
          release();
          throw err;
        }
        if (result instanceof Promise) return result.finally(release);
        release();
        return result;
      };
    }
    return tx;
  }) as Client["transaction"];
}
