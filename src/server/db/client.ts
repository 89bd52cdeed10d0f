import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema";

export type Db = LibSQLDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A query runner: the database or an open transaction. Services accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  client: Client;
  close(): void;
}

export function isFileUrl(url: string) {
  return url.startsWith("file:");
}

/**
 * Open the database. For the embedded default we make sure the folder exists, use WAL (readers never block the
 * writer) and a busy timeout so concurrent writers wait instead of failing.
 */
export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  if (isFileUrl(url) && !url.includes(":memory:")) {
    const path = url.replace(/^file:(\/\/)?/, "").split("?")[0]!;
    mkdirSync(dirname(path), { recursive: true });
  }
  // `timeout` is the per-connection busy timeout (ms) of the embedded driver.
  const client = createClient({ url, authToken, timeout: 5000 } as Parameters<typeof createClient>[0]);
  if (isFileUrl(url)) {
    await client.execute("PRAGMA journal_mode = WAL");
    // Page cache for every connection of the pool (stored in the file header, so new connections get it too):
    // up to 64 MiB instead of SQLite's 2 MiB, so large lists read index and table pages from memory.
    await client.execute("PRAGMA default_cache_size = 16384");
  }
  const db = drizzle(client, { schema, casing: "snake_case" });
  serializeTransactions(db);
  return { db, client, close: () => client.close() };
}

/**
 * One write transaction at a time per process. The embedded driver runs SQLite synchronously on a pool of
 * connections: a second BEGIN IMMEDIATE while the first transaction awaits between statements blocks the only
 * thread in SQLite's busy handler, so the first can never commit and both fail with SQLITE_BUSY after the
 * timeout. Queuing transactions in JavaScript avoids that; other processes still wait on the busy timeout.
 * Never call db.transaction() (rather than tx) inside a transaction: it would wait for itself.
 */
function serializeTransactions(db: Db) {
  const run = db.transaction.bind(db);
  let tail: Promise<unknown> = Promise.resolve();
  db.transaction = ((fn, config) => {
    const result = tail.then(() => run(fn, config));
    tail = result.catch(() => undefined);
    return result;
  }) as Db["transaction"];
}
