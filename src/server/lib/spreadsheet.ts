/**
 * Read an uploaded spreadsheet (CSV or .xlsx, told apart by content, not by name) into a grid of cells.
 * Cells keep their kind: text, number (a date may arrive as a spreadsheet serial), Date (xlsx date cells),
 * boolean, or null. Row i of the grid is row i+1 of the spreadsheet.
 */
import type ExcelJS from "exceljs";
import { decodeText, parseCsv } from "./csv";
import { AppError, badRequest } from "./errors";

export type Cell = string | number | boolean | Date | null;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (b: Uint8Array, sig: number[]) => sig.every((v, i) => b[i] === v);

export async function readSpreadsheet(bytes: Uint8Array): Promise<Cell[][]> {
  if (startsWith(bytes, OLE)) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Old .xls files are not supported: save the sheet as .xlsx or CSV.",
    );
  }
  if (startsWith(bytes, ZIP)) return readXlsx(bytes);
  if (bytes.includes(0))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "The file is not a CSV or .xlsx spreadsheet.");
  return parseCsv(decodeText(bytes));
}

async function readXlsx(bytes: Uint8Array): Promise<Cell[][]> {
  // Loaded on first use: exceljs adds tens of megabytes to a server that may never see a workbook.
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  } catch {
    throw badRequest(
      "The .xlsx file could not be read. Open it in Excel and save it again, or export it as CSV.",
    );
  }
  // The first sheet that has any data.
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0);
  if (!sheet) return [];
  const grid: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell.value);
    });
    grid[rowNumber - 1] = Array.from(cells, (c) => c ?? null);
  });
  return Array.from(grid, (r) => r ?? []);
}

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v instanceof Date) return v;
  if (typeof v === "object") {
    if ("richText" in v) return v.richText.map((t) => t.text).join("");
    if ("result" in v) return cellValue((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ("text" in v) return String((v as ExcelJS.CellHyperlinkValue).text);
    if ("error" in v) return null;
  }
  return String(v);
}
