import { and, eq, ne } from "drizzle-orm";
import { docChunkEmbeddings } from "../../../db/schema";
import type { JobCleanup, JobHandler, JobRunner } from "../../../jobs/worker";
import { stageUpload } from "../../../storage/staging";
import { DEMO_DOCUMENTS } from "../demo";
import { chunkPage, embedTexts, writeEmbeddings } from "./embeddings";
import { cleanUpIndexFile, type IndexFilePayload, indexFile, type PipelineDeps } from "./index-file";
import { enqueueIndexFile } from "./queue";
import { findCollection } from "./store-rows";

/** Job kinds of the document index and what runs them. */
export function documentJobHandlers(deps: PipelineDeps, runner: () => JobRunner) {
  const handlers: Record<"index-file" | "refresh-embeddings" | "demo-documents", JobHandler> = {
    "index-file": (ctx) => indexFile(deps, ctx, ctx.job.payload as unknown as IndexFilePayload),
    "refresh-embeddings": async (ctx) => {
      const { db: name } = ctx.job.payload as { db: string };
      const cfg = deps.embeddings;
      if (!cfg)
        return {
          ok: false,
          error: "Embeddings are not configured (set EMBEDDINGS_BASE_URL and EMBEDDINGS_MODEL).",
        };
      const collection = await findCollection(deps.db, name);
      if (!collection) return { ok: false, error: `No database named ${name}.` };
      await ctx.step(`Refreshing embeddings of ${name} with ${cfg.model}…`);
      let after = 0;
      let done = 0;
      let reported = 0;
      for (;;) {
        ctx.signal.throwIfAborted();
        const rows = await chunkPage(deps.db, collection.id, after, Math.max(cfg.batch, 256));
        if (!rows.length) break;
        const vectors = await embedTexts(
          cfg,
          rows.map((r) => r.text),
          ctx.signal,
        );
        await deps.db.transaction(async (tx) => {
          await ctx.fence(tx);
          const out = rows.map((r, i) => ({
            chunkId: r.id,
            collectionId: collection.id,
            vector: vectors[i]!,
          }));
          await writeEmbeddings(tx, cfg, out);
        });
        after = rows[rows.length - 1]!.id;
        done += rows.length;
        if (done - reported >= 1000) {
          reported = done;
          await ctx.step(`${done} chunk(s) embedded…`);
        }
      }
      // Vectors of another model cannot be compared with the new ones.
      await deps.db.transaction(async (tx) => {
        await ctx.fence(tx);
        await tx
          .delete(docChunkEmbeddings)
          .where(
            and(eq(docChunkEmbeddings.collectionId, collection.id), ne(docChunkEmbeddings.model, cfg.model)),
          );
      });
      await ctx.step(`Refreshed embeddings for ${done} chunk(s) in ${name}.`);
      return { ok: true, chunks: done };
    },
    "demo-documents": async (ctx) => {
      const files = await deps.pdf.demoPdfs(DEMO_DOCUMENTS);
      let queued = 0;
      for (const f of files) {
        if (await findCollection(deps.db, f.db)) continue;
        const { key: source } = await stageUpload(deps.store, f.bytes);
        const payload: IndexFilePayload = {
          db: f.db,
          fileName: f.fileName,
          source,
          staged: true,
          user: "seed",
          mode: "default",
          title: f.title,
          create: true,
        };
        await enqueueIndexFile(runner(), payload);
        queued++;
      }
      await ctx.step(`Queued ${queued} demo document(s) for indexing.`);
      return { ok: true, queued };
    },
  };
  return handlers;
}

/** What a failed job of each kind leaves behind, removed (see JobCleanup). */
export function documentJobCleanups(deps: Pick<PipelineDeps, "db" | "store">) {
  const cleanups: Partial<Record<"index-file", JobCleanup>> = {
    "index-file": (job) => cleanUpIndexFile(deps, job),
  };
  return cleanups;
}
