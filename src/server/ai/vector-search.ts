import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Exact nearest-neighbour search over a collection's chunk embeddings, in memory as one normalised Float32Array
 * (reloaded when they change): scanning tens of thousands takes milliseconds and needs no index to tune.
 */
interface Matrix {
  sig: string;
  ids: number[];
  dims: number;
  data: Float32Array;
}

const cache = new WeakMap<Db, Map<number, Matrix>>();

async function signature(db: Db, collectionId: number) {
  const [row] = await db.all<{ n: number; m: number | null; model: string | null }>(
    sql`SELECT count(*) AS n, max(chunk_id) AS m, max(model) AS model FROM doc_chunk_embeddings WHERE collection_id = ${collectionId}`,
  );
  return { n: Number(row?.n ?? 0), sig: `${row?.n}:${row?.m}:${row?.model}` };
}

/** True when the collection has vectors (hybrid retrieval applies). */
export async function hasEmbeddings(db: Db, collectionId: number) {
  return (await signature(db, collectionId)).n > 0;
}

async function matrix(db: Db, collectionId: number): Promise<Matrix | null> {
  const { n, sig } = await signature(db, collectionId);
  if (!n) return null;
  const perDb = cache.get(db) ?? new Map<number, Matrix>();
  cache.set(db, perDb);
  const hit = perDb.get(collectionId);
  if (hit?.sig === sig) return hit;
  const rows = await db.all<{ chunk_id: number; dims: number; vector: ArrayBuffer | Uint8Array }>(
    sql`SELECT chunk_id, dims, vector FROM doc_chunk_embeddings WHERE collection_id = ${collectionId} ORDER BY chunk_id`,
  );
  const dims = rows[0]?.dims ?? 0;
  const usable = rows.filter((r) => r.dims === dims);
  const data = new Float32Array(usable.length * dims);
  usable.forEach((r, i) => {
    const bytes = r.vector instanceof Uint8Array ? r.vector : new Uint8Array(r.vector);
    const v = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + dims * 4));
    data.set(normalise(v), i * dims);
  });
  const m = { sig, ids: usable.map((r) => r.chunk_id), dims, data };
  perDb.set(collectionId, m);
  return m;
}

function normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum) || 1;
  return v.map((x) => x / norm);
}

/** The `limit` chunk ids most similar (cosine at least `min`) to `query`, best first. */
export async function nearestChunks(
  db: Db,
  collectionId: number,
  query: Float32Array,
  limit: number,
  min = 0,
): Promise<number[]> {
  const m = await matrix(db, collectionId);
  if (!m || m.dims !== query.length) return [];
  const q = normalise(query);
  const scores = new Float32Array(m.ids.length);
  for (let r = 0; r < m.ids.length; r++) {
    let dot = 0;
    const off = r * m.dims;
    for (let i = 0; i < m.dims; i++) dot += m.data[off + i]! * q[i]!;
    scores[r] = dot;
  }
  return Array.from(m.ids.keys())
    .filter((i) => scores[i]! >= min)
    .sort((a, b) => scores[b]! - scores[a]!)
    .slice(0, limit)
    .map((i) => m.ids[i]!);
}

/** Reciprocal rank fusion: each list adds 1 / (k + rank) for the items it ranks; best first. */
export function reciprocalRankFusion(lists: number[][], k = 60): number[] {
  const score = new Map<number, number>();
  for (const list of lists) {
    for (const [rank, id] of list.entries()) score.set(id, (score.get(id) ?? 0) + 1 / (k + rank + 1));
  }
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}
