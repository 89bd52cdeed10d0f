import { dirname } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { ensurePrivateFile, makePrivateDir } from "../lib/private-files";
import type { ChangeCounter } from "./change-counter";
import { BUSY_TIMEOUT_MS, type Synchronous } from "./driver";
import { createEmbeddedClient } from "./embedded-client";
import * as schema from "./schema";
import { isBusy, serializeWrites } from "./write-queue";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A query runner: the database or an open transaction. Services accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  client: Client;
  /**
   * Per group of WATCHED tables, a counter bumped after every committed change to them by any process on the
   * embedded file; null on a libSQL server, where processes share no memory (nothing read from them is kept).
   */
  changes: Record<WatchedGroup, ChangeCounter> | null;
  close(): void;
}

/**
 * Tables whose reads a process may keep in memory until they change (db/change-counter.ts): who is signed in
 * (auth/session-cache.ts), and the inventory's filter options (core-boxes/service.ts). Append groups only: a
 * group's position is its counter in the shared file.
 */
export const WATCHED = {
  identity: ["users", "sessions"],
  // The summary is written by core_boxes' triggers, and rebuilt directly (db/extras.ts).
  coreBoxes: ["core_boxes", "core_box_counts"],
} as const satisfies Record<string, readonly string[]>;
export type WatchedGroup = keyof typeof WATCHED;

export function isFileUrl(url: string) {
  return url.startsWith("file:");
}

/**
 * Open the database. For the embedded default we make sure the folder and the file exist (private), use WAL
 * (readers never block the writer) and a busy timeout so concurrent writers wait instead of failing; statements
 * are cached and commits are not fsynced one by one unless `synchronous: "full"` (driver.ts).
 */
export async function openDatabase(
  url: string,
  authToken?: string,
  opts: { synchronous?: Synchronous } = {},
): Promise<Database> {
  if (isFileUrl(url) && !url.includes(":memory:")) {
    const path = url.replace(/^file:(\/\/)?/, "").split("?")[0]!;
    makePrivateDir(dirname(path));
    // It holds password and session hashes; SQLite gives its -wal and -shm the file's own mode.
    ensurePrivateFile(path);
  }
  // The embedded file through our own connections (driver.ts); a libSQL server through the client itself.
  const embedded = isFileUrl(url)
    ? createEmbeddedClient(url, { synchronous: opts.synchronous ?? "normal", watch: WATCHED })
    : null;
  const client =
    embedded ??
    createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS } as Parameters<typeof createClient>[0]);
  if (isFileUrl(url)) {
    await client.execute("PRAGMA journal_mode = WAL");
    // Page cache for every connection of the pool (stored in the file header, so new connections get it too):
    // up to 64 MiB instead of SQLite's 2 MiB, so large lists read index and table pages from memory.
    // Another instance holding the write lock (its first seed) has set it already: starting goes on without it.
    await client.execute("PRAGMA default_cache_size = 16384").catch((err) => {
      if (!isBusy(err)) throw err;
    });
  }
  // One writer at a time in this process (transactions and plain writes): see write-queue.ts.
  serializeWrites(client);
  const db = drizzle(client, { schema, casing: "snake_case" });
  return { db, client, changes: embedded?.changes ?? null, close: () => client.close() };
}
