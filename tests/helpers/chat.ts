import { seedDemoDocuments } from "@server/compose/seed";
import type { Db } from "@server/db/client";
import { jobs } from "@server/db/schema";
import type { AppDeps } from "@server/deps";
import { chunkPages } from "@server/domains/documents/pipeline/chunk";
import {
  createCollection,
  findCollection,
  insertDocument,
} from "@server/domains/documents/pipeline/store-rows";
import { normalizePageText } from "@server/pdf/page-text";

/**
 * Index a document from page texts straight into the tables (no PDF, no job): what the pipeline writes for a
 * PDF with these pages, in milliseconds.
 */
export async function indexPages(db: Db, dbName: string, fileName: string, pages: string[]) {
  return db.transaction(async (tx) => {
    const c =
      (await findCollection(tx, dbName)) ??
      (await createCollection(tx, { name: dbName, title: "", mode: "default", user: "test" }));
    const texts = pages.map(normalizePageText);
    return insertDocument(tx, {
      collectionId: c.id,
      db: dbName,
      fileName,
      storageKey: `${dbName}/${fileName}`,
      sha256: new Bun.CryptoHasher("sha256")
        .update(`${dbName}/${fileName}/${texts.join("\f")}`)
        .digest("hex"),
      size: texts.join("").length,
      user: "test",
      pages: texts.map((text) => ({ text, ocr: false })),
      chunks: chunkPages(texts),
    });
  });
}

/**
 * One document whose pages are `texts`, each page one chunk, in a collection of its own: for tests that need
 * to know which chunk holds what. Resolves to the collection's id.
 */
export async function indexOneChunkPerPage(db: Db, dbName: string, fileName: string, texts: string[]) {
  return db.transaction(async (tx) => {
    const c = await createCollection(tx, { name: dbName, title: dbName, mode: "default", user: "test" });
    await insertDocument(tx, {
      collectionId: c.id,
      db: dbName,
      fileName,
      storageKey: "",
      sha256: `sha-${dbName}`,
      size: 1,
      user: "test",
      pages: texts.map((text) => ({ text, ocr: false })),
      chunks: texts.map((text, i) => ({ ordinal: i, firstPage: i + 1, lastPage: i + 1, text })),
    });
    return c.id;
  });
}

export const POLICY_PAGES = [
  "Working Hours\n\nThe standard work week is 40 hours, Monday through Friday. Core hours are 9:00 a.m. to 3:00 p.m.",
  "Paid Time Off\n\nFull-time employees accrue 15 days of vacation per year during their first three years of service. Unused vacation of up to 5 days may be carried over into the next calendar year.",
  "Field Safety\n\nHard hats, safety glasses and steel-toed boots are required at every drilling site. Work order 1234-56A covers the Kapolei boring program.",
];

/**
 * The three demo databases through the real pipeline (pdf-lib PDFs, text extraction in the PDF thread,
 * chunking, the job queue), as a fresh start indexes them. Resolves when every job has finished.
 */
export async function indexDemoDocuments(deps: Pick<AppDeps, "db" | "jobs" | "log">, timeoutMs = 60_000) {
  await seedDemoDocuments(deps);
  deps.jobs.start();
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const rows = await deps.db.select({ status: jobs.status }).from(jobs);
    if (rows.length >= 4 && rows.every((r) => r.status === "done" || r.status === "failed")) return;
    if (performance.now() > deadline) throw new Error("demo documents were not indexed in time");
    await Bun.sleep(50);
  }
}

export interface UiPart {
  type: string;
  delta?: string;
  errorText?: string;
  messageMetadata?: Record<string, unknown>;
}

/** The parts of an AI SDK UI message stream (SSE `data:` lines), as they arrive; `stopAfter` cancels early. */
export async function readUiStream(res: Response, stopAfter?: (parts: UiPart[]) => boolean) {
  const parts: UiPart[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let nl = buffer.indexOf("\n\n");
    while (nl >= 0) {
      const line = buffer.slice(0, nl).replace(/^data: /, "");
      buffer = buffer.slice(nl + 2);
      if (line && line !== "[DONE]") parts.push(JSON.parse(line) as UiPart);
      nl = buffer.indexOf("\n\n");
    }
    if (stopAfter?.(parts)) {
      await reader.cancel();
      break;
    }
  }
  const text = parts
    .filter((p) => p.type === "text-delta")
    .map((p) => p.delta)
    .join("");
  return { parts, text };
}
