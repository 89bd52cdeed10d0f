/**
 * Read an uploaded spreadsheet (CSV or .xlsx, told apart by content, not by name) into a grid of cells: the one
 * reader of every import (binder, core boxes, project register). Cells keep their kind: text, number (a date may
 * arrive as a spreadsheet serial), Date (xlsx date cells), boolean, or null. Row i of the grid is row i+1 of the
 * spreadsheet. An .xlsx is checked from its zip directory here and read in a child process (lib/xlsx/).
 */
import { decodeText, parseCsv } from "./csv";
import { AppError } from "./errors";
import type { ServiceCtx } from "./service-ctx";
import { readXlsxInChild } from "./xlsx/host";
import { HEADER_ROWS_MAX } from "./xlsx/limits";
import type { XlsxCell } from "./xlsx/protocol";
import { checkZipDirectory, readZipDirectory } from "./xlsx/zip-directory";

export type Cell = XlsxCell;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (b: Uint8Array, sig: number[]) => sig.every((v, i) => b[i] === v);
/** Shared by every gap of a sparse sheet: a row far down costs one pointer per row above it. */
const NO_CELLS: Cell[] = Object.freeze([]) as unknown as Cell[];

export interface ReadOptions {
  /** The import's row cap: reading stops a little past it, and the import refuses the file in its words. */
  maxRows: number;
}

export async function readSpreadsheet(
  ctx: Pick<ServiceCtx, "settings" | "signal">,
  bytes: Uint8Array,
  opts: ReadOptions,
): Promise<Cell[][]> {
  if (startsWith(bytes, OLE)) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Old .xls files are not supported: save the sheet as .xlsx or CSV.",
    );
  }
  if (startsWith(bytes, ZIP)) {
    // Before a byte is inflated: what the workbook would unpack to, from its table of contents.
    checkZipDirectory(readZipDirectory(bytes));
    const rows = await readXlsxInChild(bytes, {
      maxRows: opts.maxRows,
      memoryBytes: ctx.settings.IMPORT_MEMORY_MB * 1024 * 1024,
      timeoutMs: ctx.settings.IMPORT_TIMEOUT_S * 1000,
      signal: ctx.signal,
    });
    const grid: Cell[][] = [];
    for (const [n, cells] of rows) grid[n - 1] = cells;
    return Array.from(grid, (r) => r ?? NO_CELLS);
  }
  if (bytes.includes(0))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The file is not a CSV or .xlsx spreadsheet.");
  return parseCsv(decodeText(bytes), undefined, { maxRows: opts.maxRows + HEADER_ROWS_MAX });
}
