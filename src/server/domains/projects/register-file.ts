import type ExcelJS from "exceljs";
import { decodeText, parseCsv } from "../../lib/csv";
import { AppError, badRequest } from "../../lib/errors";

/** A cell as the register gives it: text, or a real date from a spreadsheet date cell. */
export type Cell = string | Date;
export interface RegisterSheet {
  headers: string[];
  rows: Cell[][];
  /** Spreadsheet row number of each data row (the header is row 1 in a plain file). */
  rowNumbers: number[];
}

export const MAX_REGISTER_ROWS = 100_000;

const isZip = (b: Uint8Array) =>
  b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const looksLikeText = (b: Uint8Array) => !b.subarray(0, 4096).includes(0);

/** Read the firm's register spreadsheet: .xlsx (by its bytes, a zip) through exceljs, else CSV (lib/csv.ts). */
export async function readRegisterFile(bytes: Uint8Array): Promise<RegisterSheet> {
  if (bytes.length === 0) throw badRequest("The file is empty.");
  if (isZip(bytes)) return readXlsx(bytes);
  if (looksLikeText(bytes)) return readCsv(bytes);
  throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Import a .csv or .xlsx file.");
}

function readCsv(bytes: Uint8Array): RegisterSheet {
  const [headers = [], ...all] = parseCsv(decodeText(bytes));
  const rows: Cell[][] = [];
  const rowNumbers: number[] = [];
  // Blank lines are passed over but counted, so each row keeps the number the spreadsheet shows.
  all.forEach((cells, i) => {
    if (cells.every((c) => !c.trim())) return;
    rows.push(cells);
    rowNumbers.push(i + 2);
  });
  if (rows.length > MAX_REGISTER_ROWS) throw tooManyRows();
  return { headers, rows, rowNumbers };
}

async function readXlsx(bytes: Uint8Array): Promise<RegisterSheet> {
  // exceljs takes ~0.4 s to load: only when an .xlsx actually arrives.
  const { default: Excel } = await import("exceljs");
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new AppError(
      "UNPROCESSABLE_CONTENT",
      "The spreadsheet could not be read. Save it as .xlsx or .csv.",
    );
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest("The spreadsheet has no sheets.");
  if (sheet.actualRowCount > MAX_REGISTER_ROWS + 1) throw tooManyRows();
  let headers: string[] | null = null;
  const rows: Cell[][] = [];
  const rowNumbers: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: Cell[] = [];
    const width = headers?.length ?? row.cellCount;
    for (let c = 1; c <= width; c++) cells.push(cellValue(row.getCell(c).value));
    if (!headers) headers = cells.map((c) => (c instanceof Date ? c.toISOString() : c));
    else {
      rows.push(cells);
      rowNumbers.push(number);
    }
  });
  return { headers: headers ?? [], rows, rowNumbers };
}

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v;
  if (typeof v === "object") {
    if ("richText" in v) return v.richText.map((r) => r.text).join("");
    if ("formula" in v || "sharedFormula" in v)
      return cellValue((v as ExcelJS.CellFormulaValue).result as never);
    if ("text" in v) return String(v.text);
    if ("error" in v) return "";
  }
  return String(v);
}

const tooManyRows = () =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `The file has more than ${MAX_REGISTER_ROWS.toLocaleString("en-US")} rows.`,
  );
