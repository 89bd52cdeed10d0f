import type { ErrorCode } from "../errors";

/** A cell as read: text, number, boolean, date cell, or empty. */
export type XlsxCell = string | number | boolean | Date | null;
/** A row of the sheet: its number (1-based, as the spreadsheet shows it) and its cells from column A. */
export type SheetRow = [number, XlsxCell[]];

export interface SheetRequest {
  bytes: Uint8Array;
  /** The import's row cap: reading stops a little past it (HEADER_ROWS_MAX). */
  maxRows: number;
}

/** Rows come in batches as they are read, then `done`; or the refusal that ended the reading. */
export type SheetReply =
  | { kind: "rows"; rows: SheetRow[] }
  | { kind: "done" }
  | { kind: "refused"; code: ErrorCode; message: string };
