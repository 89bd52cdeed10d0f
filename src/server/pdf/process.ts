/**
 * A PDF process: parses, extracts, renders and OCRs PDFs (pdf.js via unpdf, @napi-rs/canvas, sharp,
 * tesseract.js) and writes the demo PDFs (pdf-lib), for the server that started it (host.ts). A process of
 * its own, at a lower CPU priority, so whatever a PDF costs never stalls a request, and so it can be stopped
 * (its memory watched from outside, its time bounded) without touching the server. Started on demand and
 * ended when idle, so the memory these libraries take is returned to the system.
 */
import { createLogger } from "../lib/logger";
import { createOcrPool, type OcrPool } from "../ocr/scans/pool";
import { OCR_RENDER_SCALE, ocrPageText, renderScale } from "../ocr/scans/scanned-page";
import { checkStreams, PdfLimitError } from "./limits";
import { normalizePageText } from "./page-text";
import type { PdfReply, PdfRequest } from "./protocol";

type Doc = Awaited<ReturnType<typeof import("unpdf")["getDocumentProxy"]>>;
const docs = new Map<number, Doc>();
let nextHandle = 1;
let ocr: OcrPool | null = null;

/** A page drawn on a canvas at `scale` (less when that passes `maxPixels`); the caller reads and frees it. */
async function draw(msg: { handle: number; page: number; maxPixels: number }, scale: number) {
  const unpdf = await import("unpdf");
  Canvas ??= await unpdf.createIsomorphicCanvasFactory(() => import("@napi-rs/canvas"));
  const page = await open(msg.handle).getPage(msg.page);
  const { width, height } = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: renderScale(width, height, scale, msg.maxPixels) });
  const factory = new Canvas();
  const drawing = factory.create(viewport.width, viewport.height);
  // The factory makes @napi-rs/canvas canvases, which pdf.js draws on as it would on a browser's.
  await page.render({ canvas: drawing.canvas as never, canvasContext: drawing.context as never, viewport })
    .promise;
  page.cleanup();
  const canvas = drawing.canvas as unknown as NapiCanvas;
  return { canvas, free: () => factory.destroy(drawing) };
}
type NapiCanvas = { width: number; height: number; data(): Buffer; encode(f: "png"): Promise<Buffer> };
let Canvas: Awaited<ReturnType<typeof import("unpdf")["createIsomorphicCanvasFactory"]>> | undefined;

function open(handle: number): Doc {
  const pdf = docs.get(handle);
  if (!pdf) throw new Error("The document is no longer open.");
  return pdf;
}

async function handle(msg: PdfRequest): Promise<unknown> {
  const unpdf = await import("unpdf");
  switch (msg.op) {
    case "open": {
      // What the last document left (pages, canvases, a refused stream's inflated bytes) is collected first:
      // this process's memory is watched from outside, and garbage counts there as much as live data.
      Bun.gc(true);
      // A Node Buffer arrives as one; pdf.js wants a plain Uint8Array (which it then owns).
      const bytes = new Uint8Array(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength);
      checkStreams(bytes, msg.maxStreamBytes);
      // verbosity 0: pdf.js would print its recovery warnings for damaged files on the server's console.
      const pdf = await unpdf.getDocumentProxy(bytes, { verbosity: 0 });
      if (pdf.numPages > msg.maxPages) {
        await pdf.loadingTask?.destroy?.().catch(() => {});
        throw new PdfLimitError("pages", pdf.numPages);
      }
      const handle = nextHandle++;
      docs.set(handle, pdf);
      return { handle, numPages: pdf.numPages };
    }
    case "text": {
      const pdf = open(msg.handle);
      const pages: string[] = [];
      let chars = 0;
      // One page at a time: a document's pages all at once would hold every page's objects together.
      for (let n = msg.from; n <= msg.to; n++) {
        const page = await pdf.getPage(n);
        // pdf.js's per-item Unicode normalisation is skipped: the page's text is normalised once, here.
        const content = await page.getTextContent({ disableNormalization: true });
        let text = "";
        for (const item of content.items) if ("str" in item) text += item.str + (item.hasEOL ? "\n" : "");
        page.cleanup();
        const normal = normalizePageText(text);
        chars += normal.length;
        if (chars > msg.maxChars) throw new PdfLimitError("text");
        pages.push(normal);
      }
      return pages;
    }
    case "render": {
      const { canvas, free } = await draw(msg, msg.scale);
      try {
        return new Uint8Array(await canvas.encode("png"));
      } finally {
        free();
      }
    }
    case "ocr": {
      // The canvas's own pixels go to the OCR step: no PNG to encode here and decode there.
      const { canvas, free } = await draw(msg, OCR_RENDER_SCALE);
      ocr ??= createOcrPool({
        size: 1,
        log: createLogger("warn").child({ part: "pdf-ocr" }),
        langPath: msg.langPath,
      });
      try {
        const rgba = { data: canvas.data(), width: canvas.width, height: canvas.height };
        return normalizePageText(await ocrPageText(ocr, rgba));
      } finally {
        free();
        Bun.gc(true);
      }
    }
    case "close": {
      const pdf = docs.get(msg.handle);
      docs.delete(msg.handle);
      await pdf?.loadingTask?.destroy?.().catch(() => {});
      return null;
    }
    case "demo": {
      const { buildTextPdfs } = await import("./text-pdfs");
      return await buildTextPdfs(msg.docs);
    }
  }
}

/** pdf.js names its errors; a person needs to know only "locked", "unreadable" or which limit it passed. */
function classify(id: number, err: unknown): PdfReply & { ok: false } {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof PdfLimitError)
    return { id, ok: false, kind: "limit", limit: err.kind, found: err.found, message };
  const name = (err as { name?: string })?.name ?? "";
  if (name === "PasswordException" || /password/i.test(message))
    return { id, ok: false, kind: "encrypted", message };
  return { id, ok: false, kind: "unreadable", message };
}

process.on("message", async (msg: PdfRequest) => {
  let reply: PdfReply;
  try {
    reply = { id: msg.id, ok: true, value: await handle(msg) };
  } catch (err) {
    reply = classify(msg.id, err);
  }
  process.send?.(reply);
});
// The server went away (even killed): nothing is left to do for it.
process.on("disconnect", () => process.exit(0));
