import { fileSize } from "@shared/common";
import type { JobRow } from "../../../jobs/queue";
import type { JobContext, JobOutcome } from "../../../jobs/worker";
import type { ObjectStore } from "../../../storage/object-store";
import type { chunkPages } from "./chunk";
import { embedTexts, writeEmbeddings } from "./embeddings";
import { extractText, type Page } from "./index-text";
import type { Collection, IndexCheckpoint, IndexFilePayload, IndexRun, PipelineDeps } from "./index-types";
import {
  createCollection,
  documentAt,
  findByName,
  findBySha,
  findCollection,
  insertDocument,
  replacedBy,
} from "./store-rows";

export type { IndexFilePayload, PipelineDeps } from "./index-types";

const dbExists = (db: string) => `A database named ${db} already exists.`;

/**
 * Index one PDF: read it from the store, skip it if the database already has the same content, extract each
 * page's text (OCR for pages without any), chunk, then write the whole document in one transaction. Safe to run
 * again after an interruption: the original is copied (not moved) until the rows are committed, and a re-run
 * finds its own committed document by content and stops there.
 */
export async function indexFile(
  deps: PipelineDeps,
  ctx: JobContext,
  p: IndexFilePayload,
): Promise<JobOutcome> {
  const run: IndexRun = {
    deps,
    ctx,
    p,
    target: originalKey(p),
    checkpoint: ctx.checkpoint as IndexCheckpoint,
  };
  const collection = await findCollection(deps.db, p.db);
  if (!collection && !p.create) return fail(deps, ctx, `No database named ${p.db}.`, p);
  if (collection && p.fresh) return fail(deps, ctx, dbExists(p.db), p);

  const received = await receive(run, collection);
  if ("outcome" in received) return received.outcome;
  const { bytes, sha256 } = received;
  const skipped = await skipIfIndexed(run, collection, sha256);
  if (skipped) return skipped;
  const text = await extractText(run, collection, bytes, sha256);
  if ("failed" in text) return fail(deps, ctx, text.failed, p);

  const existed = await placeOriginal(run, sha256);
  const document = { sha256, size: bytes.length, ...text };
  const written = await commitDocument(run, collection, document, existed);
  if ("outcome" in written) return written.outcome;
  await dropReplaced(run, written.gone);
  await reportIndexed(run, written, text.pages, text.chunks);
  if (deps.embeddings && text.chunks.length) await embedNew(deps, ctx, written, text.chunks);
  return { ok: true, document_id: written.documentId, replaced: written.replaced };
}

/** The file's bytes and their hash; or, when they are gone, the document an interrupted attempt committed. */
async function receive(
  run: IndexRun,
  collection: Collection,
): Promise<{ outcome: JobOutcome } | { bytes: Uint8Array; sha256: string }> {
  const { deps, ctx, p, checkpoint } = run;
  const bytes = await readObject(deps.store, p.source);
  if (!bytes) {
    // The process may have died after committing and removing the staging copy, before ending the job.
    const committed =
      ctx.resumed && collection && checkpoint.sha256
        ? await findBySha(deps.db, collection.id, checkpoint.sha256)
        : null;
    if (committed) {
      await ctx.step(`${p.fileName} was indexed in ${p.db} before the interruption.`);
      return { outcome: { ok: true, document_id: committed.id } };
    }
    return {
      outcome: await fail(deps, ctx, `The file ${p.fileName} is no longer in storage; upload it again.`, p),
    };
  }
  const sha256 = new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
  await ctx.step(`Received ${p.fileName} (${fileSize(bytes.length)}).`);
  return { bytes, sha256 };
}

/** Skipped: the database has this content already (unless replacing), or a file of this name (`skip`). */
async function skipIfIndexed(
  run: IndexRun,
  collection: Collection,
  sha256: string,
): Promise<JobOutcome | null> {
  const { deps, ctx, p } = run;
  const same = collection ? await findBySha(deps.db, collection.id, sha256) : null;
  if (same && p.existing !== "replace") {
    await ctx.step(
      same.fileName === p.fileName
        ? `Skipped ${p.fileName}: it is already indexed in ${p.db} with the same content.`
        : `Skipped ${p.fileName}: the same content is already in ${p.db} as ${same.fileName}.`,
    );
    await dropStaged(deps, p);
    return { ok: true, skipped: true, document_id: same.id };
  }
  const named =
    collection && p.existing === "skip" ? await findByName(deps.db, collection.id, p.fileName) : null;
  if (named) {
    await ctx.step(
      `Skipped ${p.fileName}: ${p.db} already has a file of that name with other content (replace it to index this one).`,
    );
    await dropStaged(deps, p);
    return { ok: true, skipped: true, document_id: named.id };
  }
  return null;
}

/** Copy a staged upload's original to where it is kept; whether a file was there before this job. */
async function placeOriginal(run: IndexRun, sha256: string): Promise<boolean> {
  const { deps, ctx, p, target, checkpoint } = run;
  // An original an earlier attempt of this job copied is not "an earlier file": it goes if this run fails too.
  const existed = p.staged && target ? !checkpoint.placedOriginal && !!(await deps.store.head(target)) : true;
  if (p.staged && target) {
    // Noted before the copy, so a crash right after it still tells the clean-up that the file is this job's.
    await ctx.note({ sha256, placedOriginal: !existed } satisfies IndexCheckpoint);
    await deps.store.copy(p.source, target);
    await ctx.step(`Stored the original as ${target}.`);
  } else if (p.staged) {
    await ctx.step(`The original of ${p.fileName} is not kept: only its text is indexed.`);
  }
  return existed;
}

/** The document to write: its content's hash and size, its pages and chunks. */
interface DocumentToWrite {
  sha256: string;
  size: number;
  pages: Page[];
  chunks: ReturnType<typeof chunkPages>;
}

type Gone = { fileName: string; storageKey: string };

/** The committed document's rows, and the documents it replaced. */
type WrittenDocument = Awaited<ReturnType<typeof insertDocument>> & { collectionId: number; gone: Gone[] };

/**
 * Write the document (and the database, when it is created with it) in one transaction, replacing what
 * `existing: "replace"` names; the rows it replaced are `gone`.
 */
async function commitDocument(
  run: IndexRun,
  collection: Collection,
  doc: DocumentToWrite,
  existed: boolean,
): Promise<{ outcome: JobOutcome } | WrittenDocument> {
  const { deps, ctx, p, target } = run;
  let gone: Gone[] = [];
  try {
    const written = await deps.db.transaction(async (tx) => {
      await ctx.fence(tx);
      const now = collection ?? (await findCollection(tx, p.db));
      if (now && p.fresh) throw new FreshTaken();
      const { id: collectionId } =
        now ?? (await createCollection(tx, { name: p.db, title: p.title, mode: p.mode, user: p.user }));
      const rows = { collectionId, db: p.db, fileName: p.fileName, storageKey: target, sha256: doc.sha256 };
      const meta = { workOrder: p.report?.workOrder ?? null, project: p.report?.project ?? null };
      const victims =
        p.existing === "replace"
          ? await replacedBy(tx, collectionId, { ...rows, workOrder: meta.workOrder })
          : [];
      gone = victims;
      const replaces = victims.map((v) => v.id);
      const { pages, chunks, size } = doc;
      const out = await insertDocument(tx, { ...rows, ...meta, replaces, size, user: p.user, pages, chunks });
      return { ...out, collectionId };
    });
    return { ...written, gone };
  } catch (err) {
    // Nothing half-stored: an original this run added goes again (a replaced one cannot come back).
    if (p.staged && !existed) await deps.store.delete(target).catch(() => {});
    if (err instanceof FreshTaken) return { outcome: await fail(deps, ctx, dbExists(p.db), p) };
    throw err;
  }
}

/** After the commit: the staging copy goes, and the originals of the files this one replaced under other names. */
async function dropReplaced(run: IndexRun, gone: Gone[]) {
  const { deps, p, target } = run;
  await dropStaged(deps, p);
  // Originals of the files this one replaced under other names (or replaced without keeping one) go too.
  if (p.staged) {
    for (const g of gone) {
      if (g.storageKey && g.storageKey !== target) await deps.store.delete(g.storageKey).catch(() => {});
    }
  }
}

/** The step that says what was indexed (or replaced), with its pages, OCR pages and chunks. */
async function reportIndexed(
  run: IndexRun,
  written: { replaced: unknown; gone: { fileName: string }[] },
  pages: Page[],
  chunks: unknown[],
) {
  const { ctx, p } = run;
  const ocrPages = pages.filter((pg) => pg.ocr).length;
  const renamed = written.gone.map((g) => g.fileName).filter((f) => f !== p.fileName);
  const what = !written.replaced
    ? `Indexed ${p.fileName}`
    : renamed.length
      ? `Replaced ${renamed.join(", ")} with ${p.fileName}`
      : `Replaced ${p.fileName}`;
  await ctx.step(
    `${what} in ${p.db}: ${pages.length} page(s)` +
      `${ocrPages ? ` (${ocrPages} by OCR)` : ""}, ${chunks.length} chunk(s).`,
  );
}

/** Another `new` of the same name committed first. */
class FreshTaken extends Error {}

/** Vectors for a new document's chunks; a failure leaves the document indexed for full-text search. */
async function embedNew(
  deps: PipelineDeps,
  ctx: JobContext,
  doc: { chunkIds: number[]; collectionId: number },
  chunks: { text: string }[],
) {
  const cfg = deps.embeddings!;
  try {
    const vectors = await embedTexts(
      cfg,
      chunks.map((c) => c.text),
      ctx.signal,
    );
    await deps.db.transaction(async (tx) => {
      await ctx.fence(tx);
      const rows = vectors.map((vector, i) => ({
        chunkId: doc.chunkIds[i]!,
        collectionId: doc.collectionId,
        vector,
      }));
      await writeEmbeddings(tx, cfg, rows);
    });
    await ctx.step(`Computed embeddings for ${vectors.length} chunk(s) with ${cfg.model}.`);
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    deps.log.warn("embeddings failed", { err });
    const why = err instanceof Error ? err.message.slice(0, 200) : String(err);
    await ctx.step(`Embeddings not computed (${why}); full-text search still works.`);
  }
}

/**
 * After an index job's final failure (or its process died on its last attempt): remove its staging copy, and the
 * original it copied into the database's folder unless a committed document now owns that key.
 */
export async function cleanUpIndexFile(deps: Pick<PipelineDeps, "db" | "store">, job: JobRow) {
  const p = job.payload as unknown as IndexFilePayload;
  const checkpoint = (job.result ?? {}) as IndexCheckpoint;
  if (!p.staged) return;
  await deps.store.delete(p.source).catch(() => {});
  if (!checkpoint.placedOriginal) return;
  const target = originalKey(p);
  if (target && !(await documentAt(deps.db, target))) await deps.store.delete(target).catch(() => {});
}

/** Where the job keeps the original: the store key it was indexed from, its target, or "" when not kept. */
function originalKey(p: IndexFilePayload): string {
  if (!p.staged) return p.source;
  return p.target === null ? "" : (p.target ?? `${p.db}/${p.fileName}`);
}

async function fail(
  deps: PipelineDeps,
  ctx: JobContext,
  reason: string,
  p: IndexFilePayload,
): Promise<JobOutcome> {
  await ctx.step(`Failed: ${reason}`);
  await dropStaged(deps, p);
  return { ok: false, error: reason };
}

async function dropStaged(deps: PipelineDeps, p: IndexFilePayload) {
  if (p.staged) await deps.store.delete(p.source).catch(() => {});
}

async function readObject(store: ObjectStore, key: string): Promise<Uint8Array | null> {
  if (!(await store.head(key))) return null;
  const { body } = await store.get(key);
  return new Uint8Array(await new Response(body).arrayBuffer());
}
