import { AppError, badRequest } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { readSpreadsheet, type Cell as SheetCell } from "../../lib/spreadsheet";

/** A cell as the register gives it: text, or a real date from a spreadsheet date cell. */
export type Cell = string | Date;
export interface RegisterSheet {
  headers: string[];
  rows: Cell[][];
  /** Spreadsheet row number of each data row (the header is row 1 in a plain file). */
  rowNumbers: number[];
}

export const MAX_REGISTER_ROWS = 100_000;

const blank = (c: SheetCell) => c === null || (typeof c === "string" && !c.trim());
const registerCell = (c: SheetCell): Cell => (c === null ? "" : c instanceof Date ? c : String(c));
const headerText = (c: SheetCell) => (c instanceof Date ? c.toISOString() : (registerCell(c) as string));

/**
 * Read the firm's register spreadsheet (.csv or .xlsx, through the portal's one spreadsheet reader): the first
 * row that is not blank holds the headers; blank rows are passed over but counted, so each row keeps the number
 * the spreadsheet shows; each row has the header's width.
 */
export async function readRegisterFile(
  ctx: Pick<ServiceCtx, "settings" | "signal">,
  bytes: Uint8Array,
): Promise<RegisterSheet> {
  if (bytes.length === 0) throw badRequest("The file is empty.");
  const grid = await readSpreadsheet(ctx, bytes, { maxRows: MAX_REGISTER_ROWS });
  const at = grid.findIndex((cells) => !cells.every(blank));
  if (at < 0) return { headers: [], rows: [], rowNumbers: [] };
  const headers = grid[at]!.map(headerText);
  const rows: Cell[][] = [];
  const rowNumbers: number[] = [];
  for (let i = at + 1; i < grid.length; i++) {
    const cells = grid[i]!;
    if (cells.every(blank)) continue;
    rows.push(Array.from(headers, (_, c) => registerCell(cells[c] ?? null)));
    rowNumbers.push(i + 1);
  }
  if (rows.length > MAX_REGISTER_ROWS) throw tooManyRows();
  return { headers, rows, rowNumbers };
}

const tooManyRows = () =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `The file has more than ${MAX_REGISTER_ROWS.toLocaleString("en-US")} rows.`,
  );
