/**
 * The PDF worker thread: parses, extracts and renders PDFs (pdf.js via unpdf, @napi-rs/canvas) and writes the
 * demo PDFs (pdf-lib). Off the main thread so a 100-page file never stalls requests, and in a thread the host
 * ends when idle, so the ~60 MB these libraries take is returned to the system (the server's idle footprint).
 */
import type { PdfReply, PdfRequest } from "./pdf-protocol";

declare const self: Worker;

type Doc = Awaited<ReturnType<typeof import("unpdf")["getDocumentProxy"]>>;
const docs = new Map<number, Doc>();
let nextHandle = 1;

async function handle(msg: PdfRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  const unpdf = await import("unpdf");
  switch (msg.op) {
    case "open": {
      // pdf.js takes ownership of (detaches) the buffer it is given; this one was transferred to us for that.
      // verbosity 0: pdf.js would print its recovery warnings for damaged files on the server's console.
      const pdf = await unpdf.getDocumentProxy(msg.bytes, { verbosity: 0 });
      const handle = nextHandle++;
      docs.set(handle, pdf);
      return { value: { handle, numPages: pdf.numPages } };
    }
    case "text": {
      const pdf = docs.get(msg.handle);
      if (!pdf) throw new Error("The document is no longer open.");
      const pages = Array.from({ length: msg.to - msg.from + 1 }, (_, i) => msg.from + i);
      // pdf.js's per-item Unicode normalisation is skipped: the pipeline normalises each page's text once (NFKC).
      const value = await Promise.all(
        pages.map(async (n) => {
          const content = await (await pdf.getPage(n)).getTextContent({ disableNormalization: true });
          let text = "";
          for (const item of content.items) if ("str" in item) text += item.str + (item.hasEOL ? "\n" : "");
          return text;
        }),
      );
      return { value };
    }
    case "render": {
      const pdf = docs.get(msg.handle);
      if (!pdf) throw new Error("The document is no longer open.");
      const png = await unpdf.renderPageAsImage(pdf, msg.page, {
        canvasImport: () => import("@napi-rs/canvas"),
        scale: msg.scale,
      });
      return { value: new Uint8Array(png), transfer: [png] };
    }
    case "close": {
      const pdf = docs.get(msg.handle);
      docs.delete(msg.handle);
      await pdf?.loadingTask?.destroy?.().catch(() => {});
      return { value: null };
    }
    case "demo": {
      const { buildDemoPdfs } = await import("./demo-pdfs");
      const files =
        msg.set === "reports"
          ? await buildDemoPdfs((await import("./demo/reports")).DEMO_REPORTS)
          : await buildDemoPdfs();
      return { value: files, transfer: files.map((f) => f.bytes.buffer as ArrayBuffer) };
    }
  }
}

/** pdf.js names its errors; a person needs to know only "locked" or "unreadable". */
function classify(err: unknown): PdfReply & { ok: false } {
  const name = (err as { name?: string })?.name ?? "";
  const message = err instanceof Error ? err.message : String(err);
  if (name === "PasswordException" || /password/i.test(message)) {
    return { id: 0, ok: false, kind: "encrypted", message };
  }
  return { id: 0, ok: false, kind: "unreadable", message };
}

self.onmessage = async (event: MessageEvent<PdfRequest>) => {
  const msg = event.data;
  try {
    const { value, transfer } = await handle(msg);
    const reply: PdfReply = { id: msg.id, ok: true, value };
    self.postMessage(reply, transfer ?? []);
  } catch (err) {
    self.postMessage({ ...classify(err), id: msg.id });
  }
};
