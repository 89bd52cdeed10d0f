import type { PdfLimitKind } from "./limits";

/** Messages between the server and a PDF process (process.ts). */
export type PdfRequest =
  | { id: number; op: "open"; bytes: Uint8Array; maxPages: number; maxStreamBytes: number }
  /** Text of pages `from`…`to`, normalised; a limit error once it passes `maxChars` in all. */
  | { id: number; op: "text"; handle: number; from: number; to: number; maxChars: number }
  | { id: number; op: "render"; handle: number; page: number; scale: number; maxPixels: number }
  /** Render a page (at most `maxPixels`) and read it with OCR: its text, "" for a blank page. */
  | { id: number; op: "ocr"; handle: number; page: number; maxPixels: number; langPath?: string }
  | { id: number; op: "close"; handle: number }
  | { id: number; op: "demo"; docs: TextDocument[] };

/** A document to write as a PDF (the demo sets): one page of text is exactly one PDF page. */
export interface TextDocument {
  db: string;
  title: string;
  fileName: string;
  pages: { heading: string; paragraphs: string[] }[];
}

export type PdfReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; kind: "encrypted" | "unreadable"; message: string }
  | { id: number; ok: false; kind: "limit"; limit: PdfLimitKind; found?: number; message: string };

export interface DemoPdf {
  /** The database it belongs to, e.g. employee_handbook.db. */
  db: string;
  title: string;
  fileName: string;
  bytes: Uint8Array;
}
