import { inflateSync } from "node:zlib";

/**
 * What one PDF may cost the server. Every limit is a setting (env.ts) and each refusal is a sentence for a
 * person: the job fails with it and /api/process-file answers it with a 422.
 */
const MB = 1024 * 1024;

export interface PdfLimits {
  /** Pages in one PDF (PDF_MAX_PAGES). */
  maxPages: number;
  /** Decompressed bytes of any one stream a page is drawn from: its content, a font, an image (PDF_MAX_PAGE_MB). */
  maxStreamBytes: number;
  /** Pixels of a page rendered for OCR; larger pages are rendered at a lower resolution (PDF_OCR_MAX_PIXELS). */
  maxRenderPixels: number;
  /** Text extracted from one document, OCR included (PDF_MAX_TEXT_MB). */
  maxTextChars: number;
  /** Wall time of one indexing job (PDF_JOB_TIMEOUT_S). */
  timeoutMs: number;
  /** Memory of the PDF process beyond the file it holds (PDF_MEMORY_MB); past it the process is stopped. */
  memoryBytes: number;
}

/** The limits as configured. */
export function pdfLimitsOf(env: {
  PDF_MAX_PAGES: number;
  PDF_MAX_PAGE_MB: number;
  PDF_OCR_MAX_PIXELS: number;
  PDF_MAX_TEXT_MB: number;
  PDF_JOB_TIMEOUT_S: number;
  PDF_MEMORY_MB: number;
}): PdfLimits {
  return {
    maxPages: env.PDF_MAX_PAGES,
    maxStreamBytes: env.PDF_MAX_PAGE_MB * MB,
    maxRenderPixels: env.PDF_OCR_MAX_PIXELS,
    maxTextChars: env.PDF_MAX_TEXT_MB * MB,
    timeoutMs: env.PDF_JOB_TIMEOUT_S * 1000,
    memoryBytes: env.PDF_MEMORY_MB * MB,
  };
}

export type PdfLimitKind = "pages" | "stream" | "text" | "time" | "memory";

const mbOf = (bytes: number) => Number((bytes / MB).toFixed(bytes < 10 * MB ? 2 : 0));
const duration = (ms: number) =>
  ms >= 120_000 ? `${Math.round(ms / 60_000)} minutes` : `${Number((ms / 1000).toFixed(1))} seconds`;

/** The refusal of `file` for passing limit `kind`, in words (the figure names the setting's value). */
export function limitMessage(file: string, kind: PdfLimitKind, limits: PdfLimits, found?: number): string {
  switch (kind) {
    case "pages":
      return `${file} has ${found?.toLocaleString("en-US") ?? "too many"} pages; a PDF may have at most ${limits.maxPages.toLocaleString("en-US")}. Split it into smaller files.`;
    case "stream":
      return `${file} has a page whose content expands to more than ${mbOf(limits.maxStreamBytes)} MB, more than a document page needs; it was not indexed.`;
    case "text":
      return `${file} holds more than ${mbOf(limits.maxTextChars)} MB of text; split it into smaller files.`;
    case "time":
      return `${file} took longer than ${duration(limits.timeoutMs)} to read and was stopped; split it into smaller files.`;
    case "memory":
      return `${file} needed more than ${mbOf(limits.memoryBytes)} MB of memory to read and was stopped; it may be damaged, or built to be too costly to open.`;
  }
}

/** A PDF that passed one of its limits: the job fails with the limit's message. */
export class PdfLimitError extends Error {
  constructor(
    readonly kind: PdfLimitKind,
    readonly found?: number,
  ) {
    super(`PDF limit passed: ${kind}`);
    this.name = "PdfLimitError";
  }
}

const latin1 = new TextDecoder("latin1");
const STREAM = /(?<!end)stream\r?\n/g;

/**
 * Refuse (PdfLimitError "stream") a file with a Flate stream that expands beyond `maxBytes`: a "zip bomb" of
 * kilobytes that inflate to gigabytes, which the reader would otherwise decode whole. Each
 * stream is inflated with an output bound, so the check itself costs at most the bound in memory. Streams that
 * are not Flate, encrypted or damaged are left to the reader (its memory cap still applies).
 */
export function checkStreams(bytes: Uint8Array, maxBytes: number): void {
  const text = latin1.decode(bytes);
  STREAM.lastIndex = 0;
  for (let m = STREAM.exec(text); m; m = STREAM.exec(text)) {
    const head = text.lastIndexOf("obj", m.index);
    if (head < 0 || m.index - head > 8192) continue;
    const dict = text.slice(head, m.index);
    const filter = /\/Filter\s*\[?\s*\/(\w+)/.exec(dict)?.[1];
    if (filter !== "FlateDecode" && filter !== "Fl") continue;
    const start = m.index + m[0].length;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = length ? start + Number(length[1]) : text.indexOf("endstream", start);
    if (end < start || end > bytes.length) end = text.indexOf("endstream", start);
    if (end < 0) continue;
    try {
      inflateSync(bytes.subarray(start, end), {
        maxOutputLength: maxBytes,
        finishFlush: 2 /* Z_SYNC_FLUSH */,
      });
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new PdfLimitError("stream");
    }
    STREAM.lastIndex = end;
  }
}
