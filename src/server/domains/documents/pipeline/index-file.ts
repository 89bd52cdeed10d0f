import { fileSize } from "@shared/common";
import type { DocumentMode } from "@shared/documents";
import type { Db } from "../../../db/client";
import type { JobRow } from "../../../jobs/queue";
import type { JobContext, JobOutcome } from "../../../jobs/worker";
import type { Logger } from "../../../lib/logger";
import type { ObjectStore } from "../../../storage/object-store";
import { type OpenPdf, type PdfHost, PdfReadError } from "../pdf/host";
import { limitMessage, PdfLimitError } from "../pdf/limits";
import { chunkPages } from "./chunk";
import { type EmbeddingsConfig, embedTexts, writeEmbeddings } from "./embeddings";
import { needsOcr } from "./ocr-page";
import { stripRunningLines } from "./running-lines";
import {
  createCollection,
  documentAt,
  findByName,
  findBySha,
  findCollection,
  insertDocument,
  recordFailedDocument,
  replacedBy,
} from "./store-rows";

export interface PipelineDeps {
  db: Db;
  store: ObjectStore;
  pdf: PdfHost;
  log: Logger;
  embeddings: EmbeddingsConfig | null;
}

/** What an `index-file` job notes for a later attempt or its clean-up (the job's checkpoint). */
interface IndexCheckpoint {
  sha256?: string;
  /** This job copied the original to `<db>/<fileName>` (nothing was there): remove it unless it gets committed. */
  placedOriginal?: boolean;
}

/** The payload of an `index-file` job. */
export interface IndexFilePayload {
  db: string;
  /** Name inside the database (the path below `<db>/`). */
  fileName: string;
  /** Where the bytes are now. */
  source: string;
  /** The source is a staging copy of an upload: the original goes to `<db>/<fileName>`, the copy is removed. */
  staged: boolean;
  user: string;
  mode: DocumentMode;
  title: string;
  /** Create the database when it does not exist (indexing from storage). */
  create: boolean;
  /**
   * The database must not exist yet (`new`): the job creates it with the document, in one transaction, so a
   * file that fails leaves no empty database behind; one made meanwhile by someone else fails the job.
   */
  fresh?: boolean;
  /**
   * Where the original of a staged upload is kept (default `<db>/<fileName>`); null: it is not kept, the staged
   * copy is dropped after indexing and the document has no original (storage key "").
   */
  target?: string | null;
  /** Reports: the work order and project from the file name, kept on the document row. */
  report?: { workOrder: string; project: string };
  /**
   * When the database already holds this file. Default: the same content is skipped, other content under the
   * same name replaces it. `skip`: a file of the same name is skipped too. `replace`: indexed again whatever it
   * holds, replacing the file of the same name, any file of the same content and, when there is neither, the one
   * other file of the same work order (a report renamed).
   */
  existing?: "skip" | "replace";
}

const readFailure = (file: string, err: PdfReadError) =>
  err.kind === "encrypted"
    ? `${file} is password-protected (encrypted). Remove the password and upload it again.`
    : `${file} could not be read: the file is damaged or is not a valid PDF.`;

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
  const target = originalKey(p);
  const checkpoint = ctx.checkpoint as IndexCheckpoint;
  let collection = await findCollection(deps.db, p.db);
  if (!collection && !p.create) return fail(deps, ctx, `No database named ${p.db}.`, p);
  if (collection && p.fresh) return fail(deps, ctx, dbExists(p.db), p);

  const bytes = await readObject(deps.store, p.source);
  if (!bytes) {
    // The process may have died after committing and removing the staging copy, before ending the job.
    const committed =
      ctx.resumed && collection && checkpoint.sha256
        ? await findBySha(deps.db, collection.id, checkpoint.sha256)
        : null;
    if (committed) {
      await ctx.step(`${p.fileName} was indexed in ${p.db} before the interruption.`);
      return { ok: true, document_id: committed.id };
    }
    return fail(deps, ctx, `The file ${p.fileName} is no longer in storage; upload it again.`, p);
  }
  const sha256 = new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
  await ctx.step(`Received ${p.fileName} (${fileSize(bytes.length)}).`);

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

  let pages: { text: string; ocr: boolean }[];
  try {
    pages = await readPages(deps.pdf, ctx, bytes);
  } catch (err) {
    if (!(err instanceof PdfReadError || err instanceof PdfLimitError)) throw err;
    const reason =
      err instanceof PdfLimitError
        ? limitMessage(p.fileName, err.kind, deps.pdf.limits, err.found)
        : readFailure(p.fileName, err);
    if (!p.staged && collection) {
      const failed = { collectionId: collection.id, fileName: p.fileName, storageKey: p.source, sha256 };
      await deps.db.transaction(async (tx) => {
        await ctx.fence(tx);
        await recordFailedDocument(tx, { ...failed, size: bytes.length, user: p.user, error: reason });
      });
    }
    return fail(deps, ctx, reason, p);
  }

  // Running headers and footers go before anything is stored or chunked (running-lines.ts).
  const texts = stripRunningLines(pages.map((pg) => pg.text));
  pages = pages.map((pg, i) => ({ ...pg, text: texts[i]! }));
  const chunks = chunkPages(texts);
  await ctx.step(`Split into ${chunks.length} chunk(s) of about 1,000 characters.`);
  ctx.signal.throwIfAborted();

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
  let written: Awaited<ReturnType<typeof insertDocument>> & { collectionId: number };
  let gone: { fileName: string; storageKey: string }[] = [];
  try {
    written = await deps.db.transaction(async (tx) => {
      await ctx.fence(tx);
      const now = collection ?? (await findCollection(tx, p.db));
      if (now && p.fresh) throw new FreshTaken();
      collection =
        now ?? (await createCollection(tx, { name: p.db, title: p.title, mode: p.mode, user: p.user }));
      const collectionId = collection.id;
      const rows = { collectionId, db: p.db, fileName: p.fileName, storageKey: target, sha256 };
      const meta = { workOrder: p.report?.workOrder ?? null, project: p.report?.project ?? null };
      const victims =
        p.existing === "replace"
          ? await replacedBy(tx, collectionId, { ...rows, workOrder: meta.workOrder })
          : [];
      gone = victims;
      const replaces = victims.map((v) => v.id);
      const out = await insertDocument(tx, {
        ...rows,
        ...meta,
        replaces,
        size: bytes.length,
        user: p.user,
        pages,
        chunks,
      });
      return { ...out, collectionId };
    });
  } catch (err) {
    // Nothing half-stored: an original this run added goes again (a replaced one cannot come back).
    if (p.staged && !existed) await deps.store.delete(target).catch(() => {});
    if (err instanceof FreshTaken) return fail(deps, ctx, dbExists(p.db), p);
    throw err;
  }
  await dropStaged(deps, p);
  // Originals of the files this one replaced under other names (or replaced without keeping one) go too.
  if (p.staged) {
    for (const g of gone) {
      if (g.storageKey && g.storageKey !== target) await deps.store.delete(g.storageKey).catch(() => {});
    }
  }
  const ocrPages = pages.filter((pg) => pg.ocr).length;
  const renamed = gone.map((g) => g.fileName).filter((f) => f !== p.fileName);
  const what = !written.replaced
    ? `Indexed ${p.fileName}`
    : renamed.length
      ? `Replaced ${renamed.join(", ")} with ${p.fileName}`
      : `Replaced ${p.fileName}`;
  await ctx.step(
    `${what} in ${p.db}: ${pages.length} page(s)` +
      `${ocrPages ? ` (${ocrPages} by OCR)` : ""}, ${chunks.length} chunk(s).`,
  );
  if (deps.embeddings && chunks.length) await embedNew(deps, ctx, written, chunks);
  return { ok: true, document_id: written.documentId, replaced: written.replaced };
}

/** Another `new` of the same name committed first. */
class FreshTaken extends Error {}

/**
 * Each page's text: the text layer, or OCR for a page without one. Runs in a PDF process within the file's
 * limits; the job's wall time (PDF_JOB_TIMEOUT_S) stops it where it is, as a limit passed.
 */
async function readPages(host: PdfHost, ctx: JobContext, bytes: Uint8Array) {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new PdfLimitError("time")), host.limits.timeoutMs);
  const signal = AbortSignal.any([ctx.signal, deadline.signal]);
  let pdf: OpenPdf | null = null;
  try {
    pdf = await host.open(bytes, { signal });
    const pages = pdf.pages.map((text) => ({ text, ocr: false }));
    const scanned = pages.flatMap((pg, i) => (needsOcr(pg.text) ? [i] : []));
    await ctx.step(
      `Extracted text from ${pages.length - scanned.length} of ${pages.length} page(s)` +
        (scanned.length ? `; ${scanned.length} page(s) have no text and will be read with OCR.` : "."),
    );
    for (const [n, i] of scanned.entries()) {
      signal.throwIfAborted();
      const text = await pdf.ocr(i + 1);
      pages[i] = { text, ocr: true };
      await ctx.step(
        `OCR page ${i + 1} (${n + 1} of ${scanned.length}): ${text ? `${text.length} characters` : "blank"}.`,
      );
    }
    return pages;
  } catch (err) {
    // The job's own stop (shutdown, lease lost) goes up as it came; the deadline is this file's limit.
    if (deadline.signal.aborted && !ctx.signal.aborted) throw deadline.signal.reason;
    throw err;
  } finally {
    clearTimeout(timer);
    await pdf?.close();
  }
}

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
