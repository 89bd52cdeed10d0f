import type { ChatSource } from "@shared/chat";
import { and, eq, ne } from "drizzle-orm";
import { fold } from "../../ai/fts-query";
import type { Db, DbOrTx } from "../../db/client";
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
}

export function cacheKey(p: CacheKeyParts): string {
  const raw = JSON.stringify([p.db, p.version, normaliseQuestion(p.question), p.useWeb, p.model]);
  return new Bun.CryptoHasher("sha256").update(raw).digest("hex");
}

export async function readCache(db: Db, key: string) {
  const [row] = await db.select().from(chatCache).where(eq(chatCache.key, key));
  if (!row) return null;
  return { answer: row.answer, sources: JSON.parse(row.sources) as ChatSource[] };
}

/** Inside the caller's transaction (the answer's history entry is written in the same one). */
export async function writeCache(
  tx: DbOrTx,
  key: string,
  e: { db: string; version: string; answer: string; sources: ChatSource[]; model: string },
) {
  await tx.delete(chatCache).where(and(eq(chatCache.db, e.db), ne(chatCache.version, e.version)));
  await tx
    .insert(chatCache)
    .values({
      key,
      db: e.db,
      version: e.version,
      answer: e.answer,
      sources: JSON.stringify(e.sources),
      model: e.model,
    })
    .onConflictDoUpdate({
      target: chatCache.key,
      set: { answer: e.answer, sources: JSON.stringify(e.sources), createdAt: new Date() },
    });
}
