import type { InStatement } from "@libsql/client";
import type { ChatSource } from "@shared/chat";
import { eq } from "drizzle-orm";
import { fold } from "../../ai/fts-query";
import type { Db } from "../../db/client";
import { chatCache } from "../../db/schema";

/**
 * Reused answers. The key is the database, its collection version, the normalised question, the Web toggle
 * and the answer model, so an answer is reused only when all of them are the same; writing an answer prunes
 * the entries of older versions of that database.
 */
export function normaliseQuestion(q: string): string {
  return fold(q)
    .replace(/[\s\u00a0]+/g, " ")
    .replace(/\s*([?!.,;:])+\s*$/g, "")
    .trim();
}

export interface CacheKeyParts {
  db: string;
  version: string;
  question: string;
  useWeb: boolean;
  model: string;
  /** A question about one work order's reports only (its answers differ from the whole database's). */
  workOrder?: string;
}

export function cacheKey(p: CacheKeyParts): string {
  const raw = JSON.stringify([
    p.db,
    p.version,
    normaliseQuestion(p.question),
    p.useWeb,
    p.model,
    ...(p.workOrder ? [p.workOrder] : []),
  ]);
  return new Bun.CryptoHasher("sha256").update(raw).digest("hex");
}

export async function readCache(db: Db, key: string) {
  const [row] = await db.select().from(chatCache).where(eq(chatCache.key, key));
  if (!row) return null;
  return { answer: row.answer, sources: JSON.parse(row.sources) as ChatSource[] };
}

/**
 * The statements that store an answer for reuse and prune the entries of older versions of its database: run in
 * the same batch as the answer's history entry (saveAnswer), so an answer is one commit.
 */
export function cacheWrites(
  key: string,
  e: { db: string; version: string; answer: string; sources: ChatSource[]; model: string },
): InStatement[] {
  const sources = JSON.stringify(e.sources);
  return [
    { sql: "DELETE FROM chat_cache WHERE db = ? AND version <> ?", args: [e.db, e.version] },
    {
      sql: `INSERT INTO chat_cache (key, db, version, answer, sources, model, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (key) DO UPDATE SET answer = excluded.answer, sources = excluded.sources, created_at = excluded.created_at`,
      args: [key, e.db, e.version, e.answer, sources, e.model, Date.now()],
    },
  ];
}
