import type { JobContext } from "../../../jobs/worker";
import { needsOcr } from "../../../ocr/scans/scanned-page";
import { type OpenPdf, type PdfHost, PdfReadError } from "../../../pdf/host";
import { limitMessage, PdfLimitError } from "../../../pdf/limits";
import { chunkPages } from "./chunk";
import type { Collection, IndexRun } from "./index-types";
import { stripRunningLines } from "./running-lines";
import { recordFailedDocument } from "./store-rows";

export type Page = { text: string; ocr: boolean };

const readFailure = (file: string, err: PdfReadError) =>
  err.kind === "encrypted"
    ? `${file} is password-protected (encrypted). Remove the password and upload it again.`
    : `${file} could not be read: the file is damaged or is not a valid PDF.`;

/**
 * The file's pages and chunks, with running headers and footers gone; or why it could not be read (a file
 * already in storage is then recorded as failed in its database).
 */
export async function extractText(
  run: IndexRun,
  collection: Collection,
  bytes: Uint8Array,
  sha256: string,
): Promise<{ failed: string } | { pages: Page[]; chunks: ReturnType<typeof chunkPages> }> {
  const { deps, ctx, p } = run;
  let pages: Page[];
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
    return { failed: reason };
  }

  // Running headers and footers go before anything is stored or chunked (running-lines.ts).
  const texts = stripRunningLines(pages.map((pg) => pg.text));
  pages = pages.map((pg, i) => ({ ...pg, text: texts[i]! }));
  const chunks = chunkPages(texts);
  await ctx.step(`Split into ${chunks.length} chunk(s) of about 1,000 characters.`);
  ctx.signal.throwIfAborted();
  return { pages, chunks };
}

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
