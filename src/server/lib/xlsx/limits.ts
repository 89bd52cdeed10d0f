import { AppError } from "../errors";

/**
 * What one uploaded workbook may unpack to, checked from the zip's directory before anything is inflated, and
 * again while it is inflated (a zip's local headers can disagree with its directory).
 *
 * Measured on workbooks exceljs writes (bench/hardening-imports.ts): a 100,000-row project register of 8 columns
 * is a 5.3 MB file whose sheet unpacks to 33 MB and shared strings to 6.5 MB, compressed 7–12 to 1 (the same row
 * 100,000 times: 12 to 1). The part limit leaves room for that sheet 4–5 times wider or with longer text.
 */
export const ENTRY_MAX_BYTES = 150 * 1024 * 1024;
/** Every part together: a sheet at the part limit with its shared strings and styles. */
export const TOTAL_MAX_BYTES = 250 * 1024 * 1024;
/**
 * Real sheets compress 2–20 to 1 (repetitive XML); deflate can reach ~1,030 to 1, which only a file built to
 * explode does. Parts below RATIO_FROM_BYTES are too small to matter whatever their ratio.
 */
export const RATIO_MAX = 100;
export const RATIO_FROM_BYTES = 4 * 1024 * 1024;
/** Excel's own limit on the text of one cell. */
export const CELL_MAX_CHARS = 32_767;
/**
 * Rows above the header a sheet may have (a title, notes): the reader keeps this many rows beyond an import's
 * cap, so the import still counts more rows than its cap and refuses the file in its own words.
 */
export const HEADER_ROWS_MAX = 20;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString("en-US")} MB`;
const refuse = (message: string) => new AppError("UNPROCESSABLE_CONTENT", message);

export const XLSX_MESSAGES = {
  unreadable: "The .xlsx file could not be read. Open it in Excel and save it again, or export it as CSV.",
  zip64:
    "This spreadsheet is stored in the ZIP64 format, which only workbooks far larger than the portal takes need: open it in Excel and save it again, or export it as CSV.",
  entry: (bytes: number) =>
    `This spreadsheet unpacks to ${mb(bytes)}, more than the ${mb(ENTRY_MAX_BYTES)} one sheet (or its text) may hold here: split it into smaller files.`,
  total: (bytes: number) =>
    `This spreadsheet unpacks to ${mb(bytes)}, more than the ${mb(TOTAL_MAX_BYTES)} the portal reads: split it into smaller files.`,
  ratio: (ratio: number) =>
    `This spreadsheet is packed ${Math.round(ratio).toLocaleString("en-US")} to 1, far more than a real sheet (at most ${RATIO_MAX} to 1); it was not read.`,
  lying:
    "This spreadsheet unpacks to more than its own table of contents says; it is damaged or built to be costly, and was not read.",
  cell: (row?: number) =>
    `${row ? `Row ${row.toLocaleString("en-US")} of this spreadsheet` : "This spreadsheet"} has a cell with more than ${CELL_MAX_CHARS.toLocaleString("en-US")} characters, Excel's own limit; it was not read.`,
  memory: (bytes: number) =>
    `This spreadsheet needed more than ${mb(bytes)} of memory to read and was stopped; split it into smaller files or export it as CSV.`,
  time: (seconds: number) =>
    `This spreadsheet took longer than ${seconds.toLocaleString("en-US")} seconds to read and was stopped; split it into smaller files or export it as CSV.`,
} as const;

export const xlsxRefusal = {
  unreadable: () => new AppError("BAD_REQUEST", XLSX_MESSAGES.unreadable),
  zip64: () => refuse(XLSX_MESSAGES.zip64),
  entry: (bytes: number) => new AppError("PAYLOAD_TOO_LARGE", XLSX_MESSAGES.entry(bytes)),
  total: (bytes: number) => new AppError("PAYLOAD_TOO_LARGE", XLSX_MESSAGES.total(bytes)),
  ratio: (ratio: number) => refuse(XLSX_MESSAGES.ratio(ratio)),
  lying: () => refuse(XLSX_MESSAGES.lying),
  cell: (row?: number) => refuse(XLSX_MESSAGES.cell(row)),
  memory: (bytes: number) => refuse(XLSX_MESSAGES.memory(bytes)),
  time: (seconds: number) => refuse(XLSX_MESSAGES.time(seconds)),
};
