import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client";
import { applyExtras } from "../src/server/db/extras";
import { docChunks, docCollections, docDocuments, docPages } from "../src/server/db/schema";
import { DEMO_DOCUMENTS } from "../src/server/domains/documents/demo";

const CHUNKS_PER_DOC = 100;
const WORDS_PER_CHUNK = 110;
const SYLLABLES = "ka le no ma ke pu ko a la i ki na lo ha wa me lu po hi mo".split(" ");
/** 20,000 made-up words, so chunks read like varied text rather than the same few hundred words. */
const MADE_UP = Array.from({ length: 20_000 }, (_, i) =>
  [i % 20, Math.floor(i / 20) % 20, Math.floor(i / 400) % 20, Math.floor(i / 8000) % 20]
    .slice(0, 3 + (i % 2))
    .map((k) => SYLLABLES[k])
    .join(""),
);
/** The demo documents' own words: a question's terms are in a few percent of the chunks, as in a big library. */
const REAL = [
  ...new Set(
    DEMO_DOCUMENTS.flatMap((d) => d.pages.flatMap((p) => [p.heading, ...p.paragraphs]))
      .join(" ")
      .toLowerCase()
      .match(/[a-z]{3,}/g),
  ),
];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function chunkText(next: () => number): string {
  const words: string[] = [];
  for (let i = 0; i < WORDS_PER_CHUNK; i++) {
    const w =
      next() < 0.3
        ? REAL[Math.floor(next() * REAL.length)]!
        : MADE_UP[Math.floor(next() ** 3 * MADE_UP.length)]!;
    words.push(i % 15 === 0 ? w[0]!.toUpperCase() + w.slice(1) : w);
    if (i % 15 === 14) words[words.length - 1] += ".";
  }
  return `${words.join(" ")}.`;
}

/**
 * `count` synthetic chunks in one collection (documents of 100 chunks, two chunks a page), written straight
 * into the tables with the full-text triggers off, then indexed in one rebuild.
 */
export async function seedSyntheticChunks(db: Db, count: number) {
  const next = rng(7);
  for (const t of ["doc_chunks_fts_ai", "doc_chunks_fts_au", "doc_chunks_fts_ad"]) {
    await db.run(sql.raw(`DROP TRIGGER IF EXISTS ${t}`));
  }
  await db.run(sql.raw("DROP TABLE IF EXISTS doc_chunks_fts_vocab"));
  await db.run(sql.raw("DROP TABLE IF EXISTS doc_chunks_fts"));
  const [c] = await db
    .insert(docCollections)
    .values({ name: "bench_library.db", title: "Bench", createdBy: "bench" })
    .returning();
  const docs = Math.ceil(count / CHUNKS_PER_DOC);
  for (let d = 0; d < docs; d++) {
    await db.transaction(async (tx) => {
      const [doc] = await tx
        .insert(docDocuments)
        .values({
          collectionId: c!.id,
          fileName: `Report_${String(d).padStart(5, "0")}.pdf`,
          storageKey: `bench_library.db/Report_${d}.pdf`,
          sha256: `bench-${d}`,
          size: 1,
          pages: CHUNKS_PER_DOC / 2,
          status: "indexed",
          uploadedBy: "bench",
        })
        .returning({ id: docDocuments.id });
      const texts = Array.from({ length: CHUNKS_PER_DOC }, () => chunkText(next));
      await tx.insert(docChunks).values(
        texts.map((text, i) => ({
          documentId: doc!.id,
          collectionId: c!.id,
          firstPage: Math.floor(i / 2) + 1,
          lastPage: Math.floor(i / 2) + 1,
          ordinal: i,
          text,
        })),
      );
      await tx.insert(docPages).values(
        Array.from({ length: CHUNKS_PER_DOC / 2 }, (_, p) => ({
          documentId: doc!.id,
          pageNo: p + 1,
          text: `${texts[2 * p]}\n${texts[2 * p + 1]}`,
        })),
      );
    });
  }
  await applyExtras(db);
  return { collectionId: c!.id, chunks: docs * CHUNKS_PER_DOC };
}
