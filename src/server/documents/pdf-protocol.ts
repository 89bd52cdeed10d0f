/** Messages between the server and its PDF thread (pdf-thread.ts). */
export type PdfRequest =
  | { id: number; op: "open"; bytes: Uint8Array }
  | { id: number; op: "text"; handle: number; from: number; to: number }
  | { id: number; op: "render"; handle: number; page: number; scale: number }
  | { id: number; op: "close"; handle: number }
  | { id: number; op: "demo"; set?: DemoSet };

/** The demo document databases (default), or the demo project reports. */
export type DemoSet = "documents" | "reports";

export type PdfReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; kind: "encrypted" | "unreadable"; message: string };

export interface DemoPdf {
  /** The database it belongs to, e.g. employee_handbook.db. */
  db: string;
  title: string;
  fileName: string;
  bytes: Uint8Array;
}
