import { type DbNameInput, DOCUMENT_MESSAGES, deleteDbInput } from "@shared/documents";
import { eq } from "drizzle-orm";
import { docChunkEmbeddings, docChunks, docCollections, docDocuments } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { badRequest, parseInput } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { assertCanWrite } from "../../storage/access";
import { recordEvents } from "../../storage/events";
import { jobOutcome } from "./pipeline/queue";
import { deleteDocuments } from "./pipeline/store-rows";
import { requireCollection } from "./queries";

/** The document databases' writes (reads are in queries.ts, uploads in process-file.ts). */

/**
 * POST /api/delete-db: the typed confirmation must be exactly `DELETE <db_name>`. The doors pass the body as sent:
 * the role is checked before the body, so a User hears "not allowed", never what the form lacks.
 */
export async function deleteDb(ctx: ServiceCtx, body: unknown): Promise<{ message: string }> {
  assertCanWrite(ctx);
  const input = parseInput(deleteDbInput, body);
  if (input.confirmation_text !== `DELETE ${input.db_name}`) {
    throw badRequest(DOCUMENT_MESSAGES.confirmationMismatch);
  }
  const c = await requireCollection(ctx.db, input.db_name);
  const docs = await ctx.db
    .select({ id: docDocuments.id, key: docDocuments.storageKey })
    .from(docDocuments)
    .where(eq(docDocuments.collectionId, c.id));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(docChunkEmbeddings).where(eq(docChunkEmbeddings.collectionId, c.id));
    await tx.delete(docChunks).where(eq(docChunks.collectionId, c.id));
    await deleteDocuments(
      tx,
      docs.map((d) => d.id),
    );
    await tx.delete(docCollections).where(eq(docCollections.id, c.id));
    await recordAudit(tx, {
      actor: ctx.user.email,
      action: "documents.delete_db",
      target: c.name,
      details: { files: docs.length, title: c.title },
    });
  });
  // The rows are gone first: a failed object delete leaves an orphan file, never a row without its file. Only
  // originals in the database's own folder go: a file indexed from elsewhere in storage belongs to that folder.
  const keys = docs.map((d) => d.key).filter((k) => k.startsWith(`${c.name}/`));
  for (const key of keys) await ctx.deps.store.delete(key).catch(() => {});
  await recordEvents(
    ctx,
    keys.map((key) => ({ action: "delete" as const, key })),
  );
  return { message: DOCUMENT_MESSAGES.deleted(c.name) };
}

/** What the Index Manager may offer: Refresh embeddings only where an embedding model is configured. */
export function documentFeatures(ctx: ServiceCtx) {
  return { embeddings: !!ctx.settings.EMBEDDINGS_BASE_URL };
}

/** POST /api/refresh-embeddings: the database's vectors computed again with the configured model. */
export async function refreshEmbeddings(ctx: ServiceCtx, input: DbNameInput) {
  assertCanWrite(ctx);
  if (!ctx.settings.EMBEDDINGS_BASE_URL) {
    throw badRequest(DOCUMENT_MESSAGES.embeddingsOff);
  }
  await requireCollection(ctx.db, input.db_name);
  const jobs = ctx.deps.jobs;
  const id = await jobs.enqueue("refresh-embeddings", { db: input.db_name, user: ctx.user.email });
  return { steps: (await jobOutcome(jobs, id)).steps };
}

/** The document databases' pages for the one search: what the Database Explorer shows any signed-in person. */
export { findDocumentPagesFor as findDocumentPages } from "./find";
/** The dashboard card this domain owns. */
export { documentsIndexedKpi } from "./kpi";
export { createQueryEmbedder } from "./pipeline/embeddings";
/** What the storage screens and the reports index ask of the document pipeline. */
export type { IndexFilePayload, PipelineDeps } from "./pipeline/index-file";
export { enqueueIndexFile, jobOutcome } from "./pipeline/queue";
export {
  createCollection,
  DocumentNameTaken,
  type DocumentRename,
  detachDocuments,
  documentAt,
  findCollection,
  rekeyDocuments,
} from "./pipeline/store-rows";
