/**
 * A spreadsheet process: reads one .xlsx for the server that started it (host.ts) and ends. exceljs's streaming
 * reader goes through the sheet row by row, so the import's row cap stops the reading where it is reached; the
 * process's memory is watched from outside and its time bounded, so whatever a workbook costs, it costs here and
 * never in the serving process.
 */
import type ExcelJS from "exceljs";
import { AppError } from "../errors";
import { CELL_MAX_CHARS, HEADER_ROWS_MAX, xlsxRefusal } from "./limits";
import type { SheetReply, SheetRequest, SheetRow, XlsxCell } from "./protocol";
import { workbookParts, workbookStream } from "./unpack";
import { checkZipDirectory, readZipDirectory } from "./zip-directory";

function cellValue(v: ExcelJS.CellValue): XlsxCell {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v instanceof Date) return v;
  if (typeof v === "object") {
    if ("richText" in v) return v.richText.map((t) => t.text).join("");
    if ("result" in v) return cellValue((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ("formula" in v || "sharedFormula" in v) return null;
    if ("text" in v) return String((v as ExcelJS.CellHyperlinkValue).text);
    if ("error" in v) return null;
  }
  return String(v);
}

const blank = (c: XlsxCell) => c === null || (typeof c === "string" && !c.trim());

/** Loaded as the process starts: it is started before it is needed (spare.ts), so this is done by then. */
const excel = import("exceljs");

/** Rows sent to the server per message: one message of the whole sheet costs far more to pass (seconds). */
const BATCH = 2000;

/**
 * The first sheet with any data, row by row: its rows that are not blank, at most `maxRows` + HEADER_ROWS_MAX + 1,
 * handed to `send` in batches as they are read.
 */
async function readRows(msg: SheetRequest, send: (rows: SheetRow[]) => void): Promise<void> {
  // A Node Buffer arrives as one; the reader slices it.
  const bytes = new Uint8Array(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength);
  const entries = readZipDirectory(bytes);
  checkZipDirectory(entries);
  const parts = workbookParts(entries);
  if (!parts) throw xlsxRefusal.unreadable();
  const { default: Excel } = await excel;
  const source = workbookStream(bytes, parts);
  const failed = new Promise<never>((_, reject) => source.once("error", reject));
  // Once the rows are read, a later error of the source (its reader gone) concerns nobody.
  failed.catch(() => {});
  const reader = new Excel.stream.xlsx.WorkbookReader(source, {
    sharedStrings: "cache",
    // Styles tell a date cell from a number; hyperlinks and other parts are not needed.
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  const keep = msg.maxRows + HEADER_ROWS_MAX;
  const read = async () => {
    for await (const sheet of reader) {
      let rows: SheetRow[] = [];
      let filled = 0;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (!row.hasValues) continue;
        const cells: XlsxCell[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          const value = cellValue(cell.value);
          if (typeof value === "string" && value.length > CELL_MAX_CHARS) throw xlsxRefusal.cell(row.number);
          cells[col - 1] = value;
        });
        const dense = Array.from(cells, (c) => c ?? null);
        // Blank rows (spaces only) are passed over by every import: not kept, not counted.
        if (dense.every(blank)) continue;
        rows.push([row.number, dense]);
        // Enough rows for the import to count more than its cap: the rest of the sheet is not read.
        if (++filled > keep) break;
        if (rows.length === BATCH) {
          send(rows);
          rows = [];
        }
      }
      if (rows.length) send(rows);
      if (filled) return;
    }
  };
  await Promise.race([read(), failed]);
}

function replyOf(err: unknown): SheetReply {
  if (err instanceof AppError) return { kind: "refused", code: err.code, message: err.message };
  // exceljs and its XML parser throw plain errors for a damaged file: the person needs only "could not be read".
  const refusal = xlsxRefusal.unreadable();
  return { kind: "refused", code: refusal.code, message: refusal.message };
}

process.on("message", async (msg: SheetRequest) => {
  const send = (reply: SheetReply) => process.send?.(reply);
  try {
    await readRows(msg, (rows) => send({ kind: "rows", rows }));
    send({ kind: "done" });
  } catch (err) {
    send(replyOf(err));
  }
});
// The server went away (even killed): nothing is left to do for it.
process.on("disconnect", () => process.exit(0));
