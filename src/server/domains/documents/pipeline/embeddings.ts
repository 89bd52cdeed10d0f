import { eq, inArray, sql } from "drizzle-orm";
import type { AiEnv } from "../../../ai/providers";
import type { Db, DbOrTx } from "../../../db/client";
import { docChunkEmbeddings, docChunks } from "../../../db/schema";
import type { Env } from "../../../env";

/** An OpenAI-compatible /v1/embeddings endpoint (vLLM, llama.cpp, Ollama, OpenAI); absent → full-text only. */
export interface EmbeddingsConfig {
  baseURL: string;
  model: string;
  apiKey?: string;
  batch: number;
}

export function embeddingsConfig(
  env: Pick<Env, "EMBEDDINGS_BASE_URL" | "EMBEDDINGS_MODEL" | "EMBEDDINGS_API_KEY" | "EMBEDDINGS_BATCH">,
): EmbeddingsConfig | null {
  if (!env.EMBEDDINGS_BASE_URL || !env.EMBEDDINGS_MODEL) return null;
  return {
    baseURL: env.EMBEDDINGS_BASE_URL,
    model: env.EMBEDDINGS_MODEL,
    apiKey: env.EMBEDDINGS_API_KEY,
    batch: env.EMBEDDINGS_BATCH,
  };
}

/** Vectors for `texts`, one request per batch (the AI SDK's embedMany; loaded on first use). */
export async function embedTexts(
  cfg: EmbeddingsConfig,
  texts: string[],
  signal?: AbortSignal,
): Promise<Float32Array[]> {
  const [{ embedMany }, { createOpenAI }] = await Promise.all([import("ai"), import("@ai-sdk/openai")]);
  // A local server needs no key, but the provider insists on one.
  const model = createOpenAI({ baseURL: cfg.baseURL, apiKey: cfg.apiKey ?? "none" }).embedding(cfg.model);
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += cfg.batch) {
    const { embeddings } = await embedMany({
      model,
      values: texts.slice(i, i + cfg.batch),
      maxRetries: 1,
      abortSignal: signal,
    });
    for (const e of embeddings) out.push(Float32Array.from(e));
  }
  return out;
}

export const vectorBlob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/** Replace the vectors of `chunkIds` (run inside the caller's transaction). */
export async function writeEmbeddings(
  tx: DbOrTx,
  cfg: EmbeddingsConfig,
  rows: { chunkId: number; collectionId: number; vector: Float32Array }[],
) {
  for (let i = 0; i < rows.length; i += 200) {
    const part = rows.slice(i, i + 200);
    await tx.delete(docChunkEmbeddings).where(
      inArray(
        docChunkEmbeddings.chunkId,
        part.map((r) => r.chunkId),
      ),
    );
    await tx.insert(docChunkEmbeddings).values(
      part.map((r) => ({
        chunkId: r.chunkId,
        collectionId: r.collectionId,
        model: cfg.model,
        dims: r.vector.length,
        vector: vectorBlob(r.vector),
      })),
    );
  }
}

/** The chunks of a collection in pages of ids, for a refresh that never holds them all in memory. */
export async function chunkPage(db: Db, collectionId: number, afterId: number, limit: number) {
  return db
    .select({ id: docChunks.id, text: docChunks.text })
    .from(docChunks)
    .where(sql`${docChunks.collectionId} = ${collectionId} AND ${docChunks.id} > ${afterId}`)
    .orderBy(docChunks.id)
    .limit(limit);
}

export async function dropCollectionEmbeddings(tx: DbOrTx, collectionId: number) {
  await tx.delete(docChunkEmbeddings).where(eq(docChunkEmbeddings.collectionId, collectionId));
}

/** How long the question's own embedding may take before retrieval goes on with full-text alone. */
export const QUERY_EMBED_TIMEOUT_MS = 5000;

/** The question's vector, when an embeddings endpoint is configured (hybrid retrieval); else undefined. */
export function createQueryEmbedder(env: AiEnv) {
  const cfg = embeddingsConfig(env);
  if (!cfg) return undefined;
  return async (text: string): Promise<Float32Array | null> => {
    const [v] = await embedTexts(cfg, [text], AbortSignal.timeout(QUERY_EMBED_TIMEOUT_MS));
    return v ?? null;
  };
}
